package service

import (
	"encoding/json"
	"strconv"
)

// The feed's JSON is written by hand: it is mostly lists of small
// numbers (six a player a round: 93,000 after 31 rounds of 500), which
// encoding/json writes one reflected value at a time. appendNewt writes
// exactly what json.Marshal writes for a feedNewt (TestFeedJSONAsMarshal
// holds it to that): the same fields in the same order, null for a nil
// list, omitempty as the struct tags say, strings as json.Marshal escapes
// them.

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
	b = append(b, `,"classes":`...)
	b = strconv.AppendInt(b, int64(d.Classes), 10)
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
			b = append(b, "null"...)
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
	e := &p.Etc
	b = appendJSONInts(append(b, `,"etc":{"board":`...), e.Board)
	b = appendJSONInts(append(b, `,"p12":`...), e.P12)
	if len(e.Newr) > 0 {
		b = appendJSONInts(append(b, `,"newr":`...), e.Newr)
	}
	b = appendJSONInts(append(b, `,"rrank":`...), e.RRank)
	if len(e.Class) > 0 {
		b = append(b, `,"class":[`...)
		for i, c := range e.Class {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendJSONString(b, c); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	if len(e.Off) > 0 {
		b = appendJSONInts(append(b, `,"off":`...), e.Off)
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

// appendJSONString appends a string as json.Marshal writes it.
func appendJSONString(b []byte, s string) ([]byte, error) {
	q, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	return append(b, q...), nil
}
