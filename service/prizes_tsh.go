package service

import (
	"bytes"
	"fmt"
	"strings"
)

// tshPrizeTypes are the prize types tsh has, as its config.tsh "prize"
// lines name them ("prize rank 1 A $500": type, place, division, what
// the prize is). The others (class-rank, high-combined, brlh, overseed,
// high-rating-change, round-record, signup, high-play, best-bingo,
// most-bingos) have no tsh line and are left out of the export; the
// prize table itself stays in tourney (GET .../prizes).
var tshPrizeTypes = map[string]string{
	PrizeRank: "rank", PrizeHighWin: "highwin", PrizeHighLoss: "highloss",
	PrizeLowWin: "lowwin", PrizeLowLoss: "lowloss", PrizeUpset: "upset",
}

// writeTSHPrizes writes the division's prizes that tsh has, in ceremony
// order.
func writeTSHPrizes(b *bytes.Buffer, st *divState) {
	prizes, err := storedPrizes(st.t)
	if err != nil {
		return
	}
	div := tshDivisionName(st.d.Name)
	for _, p := range prizes {
		typ, ok := tshPrizeTypes[p.Type]
		if !ok || !eqID(p.DivisionID, st.divisionID()) {
			continue
		}
		label := strings.ReplaceAll(oneLine(p.Label), ";", ",")
		if label == "" {
			label = "-"
		}
		fmt.Fprintf(b, "prize %s %d %s %s\n", typ, max(p.Place, 1), div, label)
	}
}
