package service

import (
	"encoding/json"
	"strconv"
)

// The feed's JSON is written by hand: it is mostly lists of small
// numbers (seven a player a round: 108,000 after 31 rounds of 500), which
// encoding/json writes one reflected value at a time. appendNewt writes
// exactly what json.Marshal writes for a feedNewt (TestFeedJSONAsMarshal
// holds it to that): the same fields in the same order, null for a nil
// list, omitempty as the struct tags say, strings as json.Marshal escapes
// them; but for one thing, as tsh writes it: a division's players[0] is
// undefined (JavaScript), where json.Marshal writes null.

// appendNewt appends n as JSON.
func appendNewt(b []byte, n *feedNewt) ([]byte, error) {
	config, err := json.Marshal(n.Config)
	if err != nil {
		return nil, err
	}
	b = append(b, `{"config":`...)
	b = append(b, config...)
	b = append(b, `,"divisions":`...)
	if n.Divisions == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range n.Divisions {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendFeedDivision(b, &n.Divisions[i]); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

func appendFeedDivision(b []byte, d *feedDivision) ([]byte, error) {
	var err error
	b = append(b, `{"name":`...)
	if b, err = appendJSONString(b, d.Name); err != nil {
		return nil, err
	}
	b = append(b, `,"maxr":`...)
	b = strconv.AppendInt(b, int64(d.MaxR), 10)
	b = append(b, `,"maxrp":`...)
	b = strconv.AppendInt(b, int64(d.MaxRP), 10)
	b = append(b, `,"classes":`...)
	if d.Classes == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(*d.Classes), 10)
	}
	b = append(b, `,"rating_system":`...)
	if b, err = appendJSONString(b, d.RatingSystem); err != nil {
		return nil, err
	}
	b = appendJSONInts(append(b, `,"seeds":`...), d.Seeds)
	b = append(b, `,"players":`...)
	if d.Players == nil {
		return append(b, "null}"...), nil
	}
	b = append(b, '[')
	for i, p := range d.Players {
		if i > 0 {
			b = append(b, ',')
		}
		if p == nil {
			if i == 0 {
				b = append(b, "undefined"...) // as tsh writes it
			} else {
				b = append(b, "null"...)
			}
			continue
		}
		if b, err = appendFeedPlayer(b, p); err != nil {
			return nil, err
		}
	}
	return append(b, "]}"...), nil
}

func appendFeedPlayer(b []byte, p *feedPlayer) ([]byte, error) {
	var err error
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, int64(p.ID), 10)
	b = append(b, `,"name":`...)
	if b, err = appendJSONString(b, p.Name); err != nil {
		return nil, err
	}
	b = append(b, `,"rating":`...)
	b = strconv.AppendInt(b, int64(p.Rating), 10)
	b = appendJSONInts(append(b, `,"pairings":`...), p.Pairings)
	b = appendJSONInts(append(b, `,"scores":`...), p.Scores)
	b = append(b, `,"photo":`...)
	if b, err = appendJSONString(b, p.Photo); err != nil {
		return nil, err
	}
	e := &p.Etc
	b = appendJSONInts(append(b, `,"etc":{"board":`...), e.Board)
	b = appendJSONInts(append(b, `,"p12":`...), e.P12)
	if len(e.Newr) > 0 {
		b = appendJSONInts(append(b, `,"newr":`...), e.Newr)
	}
	b = appendJSONInts(append(b, `,"rrank":`...), e.RRank)
	if len(e.Class) > 0 {
		b = append(b, `,"class":`...)
		if b, err = appendJSONStrings(b, e.Class); err != nil {
			return nil, err
		}
	}
	if len(e.Off) > 0 {
		b = appendJSONInts(append(b, `,"off":`...), e.Off)
	}
	if len(e.Naspa) > 0 {
		b = append(b, `,"naspa":`...)
		if b, err = appendJSONStrings(b, e.Naspa); err != nil {
			return nil, err
		}
	}
	if len(e.Lifeg) > 0 {
		b = appendJSONInts(append(b, `,"lifeg":`...), e.Lifeg)
	}
	if len(e.Time) > 0 {
		b = appendJSONInt64s(append(b, `,"time":`...), e.Time)
	}
	if len(e.RTime) > 0 {
		b = appendJSONInt64s(append(b, `,"rtime":`...), e.RTime)
	}
	return append(b, "}}"...), nil
}

// appendJSONInts appends a list of ints, null for nil.
func appendJSONInts(b []byte, xs []int) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// appendJSONInt64s appends a list of int64s (a list, not nil).
func appendJSONInt64s(b []byte, xs []int64) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, x, 10)
	}
	return append(b, ']')
}

// appendJSONStrings appends a list of strings (a list, not nil).
func appendJSONStrings(b []byte, xs []string) ([]byte, error) {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendJSONString(b, x); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// appendJSONString appends a string as json.Marshal writes it.
func appendJSONString(b []byte, s string) ([]byte, error) {
	q, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	return append(b, q...), nil
}
