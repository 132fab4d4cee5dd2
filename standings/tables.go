package standings

import "fmt"

// assignTables gives each game of an ordered round a table: a table the
// director fixed for the pairing, else a player's fixed table (the
// higher-ranked player's first), else the lowest free table, so that the
// top pairings sit at the low tables. Byes get none. notes[i] tells a
// director when a fixed table could not be honoured.
func (c *roundContext) assignTables(drafts []draft) (tables []int, notes []string) {
	used := c.d.tablesInUse(c.round)
	tables = make([]int, len(drafts))
	notes = make([]string, len(drafts))
	for i, g := range drafts {
		if g.b != 0 && g.table > 0 && !used[g.table] {
			tables[i] = g.table
			used[g.table] = true
		}
	}
	for i, g := range drafts {
		if g.b == 0 || tables[i] != 0 {
			continue
		}
		for _, id := range []int{g.a, g.b} {
			want := c.d.players[id-1].FixedTable
			if want == 0 {
				continue
			}
			if used[want] {
				notes[i] += fmt.Sprintf("; %s's fixed table %d was taken", c.d.players[id-1].Name, want)
				continue
			}
			tables[i] = want
			used[want] = true
			notes[i] += fmt.Sprintf("; table %d is %s's fixed table", want, c.d.players[id-1].Name)
			break
		}
	}
	next := 1
	for i, g := range drafts {
		if g.b == 0 || tables[i] != 0 {
			continue
		}
		for used[next] {
			next++
		}
		tables[i] = next
		used[next] = true
	}
	return tables, notes
}
