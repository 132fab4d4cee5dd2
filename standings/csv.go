package standings

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// standingsCSVHeader is the header row of WriteStandingsCSV.
var standingsCSVHeader = []string{
	"rank", "player", "name", "wins", "losses", "spread", "points", "played",
	"last_round", "last_opponent", "last_score", "last_opponent_score", "last_result", "rating",
}

// WriteStandingsCSV writes standings as RFC 4180 CSV: a header row, CRLF
// line ends, fields with commas or quotes quoted ("Müller, Jürgen").
// Wins and losses are written 3.5 for half wins; the last game's columns
// are empty before any result, and last_opponent is empty for a bye. A
// withdrawn player's rank is empty: they keep their line but take no
// rank, as in tsh (see Row.Rank). Text cells go through CSVText, numbers
// as they are (a spread of -12 stays the number -12).
func WriteStandingsCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	if err := cw.Write(standingsCSVHeader); err != nil {
		return err
	}
	for _, r := range rows {
		if err := cw.Write(standingsCSVRecord(r)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// DivisionRows are one division's standings, for WriteDivisionsCSV.
type DivisionRows struct {
	Division string
	Rows     []Row
}

// WriteDivisionsCSV writes the standings of several divisions in one
// CSV: WriteStandingsCSV's columns after a first one, "division", each
// division's rows in rank order, division after division.
func WriteDivisionsCSV(w io.Writer, divisions []DivisionRows) error {
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	if err := cw.Write(append([]string{"division"}, standingsCSVHeader...)); err != nil {
		return err
	}
	for _, d := range divisions {
		for _, r := range d.Rows {
			if err := cw.Write(append([]string{CSVText(d.Division)}, standingsCSVRecord(r)...)); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// standingsCSVRecord is one row of the standings CSV.
func standingsCSVRecord(r Row) []string {
	rec := []string{
		strconv.Itoa(r.Rank), strconv.Itoa(r.Player), CSVText(r.Name),
		strconv.FormatFloat(r.Wins, 'f', -1, 64), strconv.FormatFloat(r.Losses, 'f', -1, 64),
		strconv.Itoa(r.Spread), strconv.Itoa(r.Points), strconv.Itoa(r.Played),
		"", "", "", "", "", strconv.Itoa(r.Rating),
	}
	if r.Withdrawn {
		rec[0] = ""
	}
	if l := r.Last; l != nil {
		rec[8] = strconv.Itoa(l.Round)
		rec[9] = CSVText(r.LastOpponentName)
		rec[10] = strconv.Itoa(l.Score)
		rec[11] = strconv.Itoa(l.OppScore)
		rec[12] = CSVText(string(l.Outcome()))
	}
	return rec
}

// CSVText is a text cell as every CSV writer writes it: a spreadsheet
// opening the file reads a cell that starts with = + - @ (perhaps after
// spaces), a tab or a carriage return as a formula, so that a player
// named =HYPERLINK("http://...") would be a live link (CSV injection).
// Such a cell is written with a single quote before it, as OWASP
// advises: the spreadsheet shows the text. Numbers are not text cells
// and never pass through here.
func CSVText(s string) string {
	if t := strings.TrimLeft(s, " "); t != "" && strings.IndexByte("=+-@\t\r", t[0]) >= 0 {
		return "'" + s
	}
	return s
}
