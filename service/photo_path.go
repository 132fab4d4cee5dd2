package service

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// photoPath is where a player's photo is kept under the tournament's
// html/ folder, named as tsh's InstallPhoto names it: pix/, the first
// letter, then surname_given_memberid in lower case
// ("pix/m/meller_mack_aa003200_1f2e3d.jpg"), with the first hex digits
// of the photo's own hash, so that a new photo has a new name and no
// cache ever shows the old one. try > 1 makes another name for a photo
// whose name another player's photo has.
func photoPath(p *Player, content []byte, try int) string {
	last, first := p.NameParts()
	parts := []string{}
	for _, s := range []string{last, first, p.MemberID} {
		if s = photoSlug(s); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		parts = []string{fmt.Sprintf("player%d", p.ID)}
	}
	sum := sha256.Sum256(content)
	parts = append(parts, hex.EncodeToString(sum[:3]))
	if try > 1 {
		parts = append(parts, fmt.Sprint(try))
	}
	name := strings.Join(parts, "_")
	return "pix/" + name[:1] + "/" + name + ".jpg"
}

// photoSlug is s in lower-case ASCII letters and digits alone: accents
// dropped ("Ésaïe" → "esaie"), spaces and punctuation gone.
func photoSlug(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
