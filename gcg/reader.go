package gcg

import "io"

// Reader reads records one after another, reusing its storage from one
// record to the next: the buffer a file is read into and the lists of the
// Record (players, pragmas, events, notes, racks). A caller that reads
// many records, such as `tourney verify`, allocates little beyond the
// first. What it reads is what Read would read.
//
// The Record a Reader returns is good until its next Read or ReadFile,
// which overwrite its lists; the strings in it stay good. A Reader holds
// at most MaxRecordSize+1 bytes of file, however big the file.
// A Reader's zero value is ready to use; it is not safe for concurrent use.
type Reader struct {
	buf   []byte
	rec   Record
	store Record // the lists of the last record, with their room
}

// ReadFile reads and parses the record at path, as ReadFile does.
func (r *Reader) ReadFile(path string) (*Record, error) {
	data, err := readBounded(path, r.buf[:0])
	r.buf = data[:0]
	if err != nil {
		return nil, err
	}
	return r.Read(data)
}

// Read parses one record, as Read does. data is not kept.
func (r *Reader) Read(data []byte) (*Record, error) {
	s := &r.store
	r.rec = Record{Players: s.Players[:0], Pragmas: s.Pragmas[:0], Events: s.Events[:0], Notes: s.Notes[:0], Racks: s.Racks[:0]}
	err := parseRecord(&r.rec, data)
	r.store = r.rec
	if err != nil {
		return nil, err
	}
	r.rec.dropEmpty()
	return &r.rec, nil
}

// readBounded reads the file at path into buf (from its start), but no
// more than MaxRecordSize+1 bytes: enough for Read to tell a record over
// the bound, and to say at which line it passes it. Errors are those of
// os.Open and os.File.Read (*fs.PathError).
func readBounded(path string, buf []byte) ([]byte, error) {
	f, err := openFile(path)
	if err != nil {
		return buf, err
	}
	defer f.close()
	const limit = MaxRecordSize + 1
	buf = buf[:0]
	for len(buf) < limit {
		if len(buf) == cap(buf) { // double, up to the limit
			buf = append(make([]byte, 0, min(limit, max(4096, 2*cap(buf)))), buf...)
		}
		n, err := f.read(buf[len(buf):min(cap(buf), limit)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}
