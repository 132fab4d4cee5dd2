package reports

// Wall fixtures: divisions of any size with names as long and as
// accented as real ones.

var (
	wallFirst = []string{"Élodie", "Łukasz", "Søren", "Ana", "Zoë", "Christopher", "Mei", "Olusegun", "Bartholomew", "Ivy",
		"Jean-Luc", "Nguyen", "Siobhán", "Kwame", "Małgorzata", "Tom", "Priyanka", "Håkon", "Dolores", "Wojciech"}
	wallLast = []string{"Müller", "Żółw", "Ørsted", "Peña", "Adams", "Fitzgerald", "Chen", "Adebayo", "Kowalczyk", "Ng",
		"Delacroix", "Văn Thành", "O'Callaghan", "Mensah", "Brzęczek", "Li", "Raghunathan", "Ødegård", "Sánchez", "Wiśniewski"}
)

// wallName is the i-th (0-based) player's name, each one different for
// i < 400: the longest as long as real long names (Christopher
// Raghunathan).
func wallName(i int) string {
	return wallFirst[i%len(wallFirst)] + " " + wallLast[(i/len(wallFirst)+i*7)%len(wallLast)]
}

// wallPairings pairs n players at n/2 tables, the odd one out with a bye.
func wallPairings(n int) Pairings {
	p := Pairings{Tournament: "North American Championship", Division: "Division A", Round: 7}
	for t := 0; t+1 < n; t += 2 {
		p.Games = append(p.Games, PairingLine{Table: t/2 + 1, Players: []string{wallName(t), wallName(t + 1)}})
	}
	if n%2 == 1 {
		p.Games = append(p.Games, PairingLine{Players: []string{wallName(n - 1)}, Bye: true})
	}
	return p
}

// wallDivision is n players after rounds rounds of a round robin-ish
// schedule with plausible scores.
func wallDivision(n, rounds int) Division {
	d := Division{Tournament: "North American Championship", Division: "Division A", Through: rounds, Complete: rounds, Rounds: rounds}
	for i := range n {
		d.Players = append(d.Players, PlayerCard{Number: i + 1, Name: wallName(i), Rating: 2000 - 7*i})
	}
	wins := make([]float64, n)
	spread := make([]int, n)
	for r := 1; r <= rounds; r++ {
		for i := 0; i < n; i++ {
			j := (i + r) % n
			if i%2 == 1 || j == i {
				continue
			}
			// i plays j; the lower number wins most of the time.
			a, b := 350+(i*37+r*11)%120, 340+(j*29+r*17)%130
			for _, side := range [][2]int{{i, j}, {j, i}} {
				me, them := side[0], side[1]
				sc, osc := a, b
				start := "first"
				if me == j {
					sc, osc, start = b, a, "second"
				}
				o := "T"
				switch {
				case sc > osc:
					o = "W"
					wins[me]++
				case sc < osc:
					o = "L"
				default:
					wins[me] += 0.5
				}
				spread[me] += sc - osc
				d.Players[me].Rounds = append(d.Players[me].Rounds, RoundLine{Round: r, Table: i/2 + 1, OpponentNumber: them + 1,
					Opponent: wallName(them), Start: start, Entered: true, Score: sc, OppScore: osc, Spread: sc - osc, Outcome: o})
			}
		}
	}
	for i := range n {
		games := float64(len(d.Players[i].Rounds))
		d.Standings = append(d.Standings, StandingLine{Rank: i + 1, Number: i + 1, Name: wallName(i), Rating: 2000 - 7*i,
			Wins: wins[i], Losses: games - wins[i], Spread: spread[i], Last: d.Players[i].last()})
	}
	return d
}
