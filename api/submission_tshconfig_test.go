package api

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// tshConfig is what tsh's TSH::Config Read takes from a configuration or
// archive file: the config values, the divisions and their files, the
// attached files (#begin_file ... #end_file), and each complaint tsh
// would make (ebadcfg and the like), which it dies or warns on.
type tshConfig struct {
	values      map[string]string // key -> the Perl value, as written
	divisions   [][2]string       // name, file
	attachments map[string]string // name -> content
	complaints  []string
}

var (
	tshBeginFile  = regexp.MustCompile(`^#begin_file\s+(.+)`)
	tshOptionKey  = regexp.MustCompile(`^(\w+)=`)
	tshOptionVal  = regexp.MustCompile(`^(?:'([^']*?)'|"([^"]*?)"|(\S+))`)
	tshDivision   = regexp.MustCompile(`(?i)^division\s+(\S+)\s+(.*)`)
	tshConfigLine = regexp.MustCompile(`(?i)^config\s+(\w+)\s*((?:(?:\[[^]]+\])|(?:\{[^}]+\}))*)\s*=\s*(.*)`)
	tshClasses    = regexp.MustCompile(`(?i)^classes\s+(\S+)\s+(\S+)\s*$`)
	tshAutopair   = regexp.MustCompile(`(?i)^autopair\s+(\w+)\s*(\d+)\s+(\d+)\s+(\w+)\s+(.*)`)
	tshBegin      = regexp.MustCompile(`(?i)^begin\s+(\S.*)$`)
	tshEncoding   = regexp.MustCompile(`(?i)^encoding\s+(.*)`)
	tshPrize      = regexp.MustCompile(`(?i)^prize\s+`)
	tshPerl       = regexp.MustCompile(`(?i)^perl\s+`)
	tshComment    = regexp.MustCompile(`^\s*(#.*)`)
)

// readTSHConfig reads text line by line as TSH::Config's Read does: a
// "#begin_file" line's options (key=value, quoted or not; "name" needed)
// start an attachment that runs to the line that is the same with
// "begin" changed to "end"; other lines lose their comment and spaces,
// and must then be an encoding, division, perl, config, begin, classes,
// autopair or prize line. A config line's value is Perl that tsh evals:
// readPerlValue holds it to the literals tsh's own files use.
func readTSHConfig(text string) *tshConfig {
	c := &tshConfig{values: map[string]string{}, attachments: map[string]string{}}
	text = strings.TrimPrefix(text, "\ufeff")
	lines := strings.SplitAfter(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if !strings.HasSuffix(line, "\n") {
			line += "\n" // tsh's closure adds the newline split takes
		}
		if m := tshBeginFile.FindStringSubmatch(strings.TrimSuffix(line, "\n")); m != nil {
			opts, data := m[1], map[string]string{}
			for len(opts) > 0 {
				k := tshOptionKey.FindStringSubmatch(opts)
				if k == nil {
					c.complaints = append(c.complaints, "Can't parse: "+opts)
					break
				}
				opts = opts[len(k[0]):]
				v := tshOptionVal.FindStringSubmatch(opts)
				if v == nil {
					c.complaints = append(c.complaints, "Can't parse: "+opts)
					break
				}
				data[k[1]] = v[1] + v[2] + v[3]
				opts = strings.TrimLeft(opts[len(v[0]):], " \t\r\n")
			}
			if data["name"] == "" {
				c.complaints = append(c.complaints, "#begin_file is missing required option 'name'")
			}
			end := strings.Replace(line, "begin", "end", 1)
			var body strings.Builder
			closed := false
			for i++; i < len(lines); i++ {
				if lines[i] == end {
					closed = true
					break
				}
				body.WriteString(lines[i])
			}
			if !closed {
				c.complaints = append(c.complaints, fmt.Sprintf("%s runs to the end of the file", data["name"]))
			}
			c.attachments[data["name"]] = body.String()
			continue
		}
		s := tshComment.ReplaceAllString(line, "")
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		switch {
		case tshEncoding.MatchString(s), tshBegin.MatchString(s):
		case tshDivision.MatchString(s):
			m := tshDivision.FindStringSubmatch(s)
			c.divisions = append(c.divisions, [2]string{m[1], m[2]})
		case tshPerl.MatchString(s):
			c.complaints = append(c.complaints, "a perl line runs code: "+s)
		case tshConfigLine.MatchString(s):
			m := tshConfigLine.FindStringSubmatch(s)
			rhs := regexp.MustCompile(`\s*;\s*$`).ReplaceAllString(m[3], "")
			if !readPerlValue(rhs) {
				c.complaints = append(c.complaints, fmt.Sprintf("ebadcfg line %d: %s", i+1, s))
			}
			c.values[m[1]+m[2]] = rhs
		case tshClasses.MatchString(s):
			m := tshClasses.FindStringSubmatch(s)
			n, err := strconv.Atoi(m[2])
			if !c.hasDivision(m[1]) || err != nil || n > 26 {
				c.complaints = append(c.complaints, "eclassdiv/eclassnum: "+s)
			}
		case strings.HasPrefix(strings.ToLower(s), "autopair "):
			m := tshAutopair.FindStringSubmatch(s)
			if m == nil || !c.hasDivision(m[1]) {
				c.complaints = append(c.complaints, "ebadap: "+s)
				continue
			}
			if sr, _ := strconv.Atoi(m[2]); sr >= func() int { r, _ := strconv.Atoi(m[3]); return r }() {
				c.complaints = append(c.complaints, "eapbr: "+s)
			}
		case tshPrize.MatchString(s):
			if len(strings.Fields(s)) < 5 {
				c.complaints = append(c.complaints, "ebadprzf: "+s)
			}
		default:
			c.complaints = append(c.complaints, fmt.Sprintf("ebadcfg line %d: %s", i+1, s))
		}
	}
	return c
}

// hasDivision: tsh's GetDivisionByName, which ignores case.
func (c *tshConfig) hasDivision(name string) bool {
	for _, d := range c.divisions {
		if strings.EqualFold(d[0], name) {
			return true
		}
	}
	return false
}

var (
	perlNumber = regexp.MustCompile(`^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$`)
	perlSingle = regexp.MustCompile(`^'(?:[^'\\]|\\.)*'$`)
	perlDouble = regexp.MustCompile(`^"(?:[^"\\$@]|\\.)*"$`)
)

// readPerlValue: the value is a Perl literal that evals without error
// and runs nothing: a number, a quoted string (no interpolation in
// double quotes), or a list or hash of them.
func readPerlValue(v string) bool {
	v = strings.TrimSpace(v)
	switch {
	case perlNumber.MatchString(v), perlSingle.MatchString(v), perlDouble.MatchString(v):
		return true
	case len(v) >= 2 && (v[0] == '[' && v[len(v)-1] == ']' || v[0] == '{' && v[len(v)-1] == '}'):
		inner := strings.TrimSpace(v[1 : len(v)-1])
		if inner == "" {
			return true
		}
		for _, part := range splitPerlList(inner) {
			if !readPerlValue(part) {
				return false
			}
		}
		return true
	}
	return false
}

// splitPerlList splits a list's items at commas and "=>" outside quotes
// and brackets.
func splitPerlList(s string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote != 0:
			if ch == '\\' {
				i++
			} else if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == '[' || ch == '{':
			depth++
		case ch == ']' || ch == '}':
			depth--
		case depth == 0 && ch == ',':
			out = append(out, s[start:i])
			start = i + 1
		case depth == 0 && ch == '=' && i+1 < len(s) && s[i+1] == '>':
			out = append(out, s[start:i])
			start = i + 2
			i++
		}
	}
	out = append(out, s[start:])
	var kept []string
	for _, p := range out {
		if p = strings.TrimSpace(p); p != "" {
			kept = append(kept, p)
		}
	}
	return kept
}
