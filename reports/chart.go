package reports

import (
	"math"
	"strconv"

	"github.com/jung-kurt/gofpdf"
)

// lineStyle tells the players' lines apart without colour: dash pattern
// and marker differ, so a photocopy still reads.
type lineStyle struct {
	dash   []float64
	marker func(c canvas, x, y float64)
}

var lineStyles = []lineStyle{
	{nil, func(c canvas, x, y float64) { c.fill(black); c.Circle(x, y, 0.65, "F") }},
	{[]float64{1.6, 0.9}, func(c canvas, x, y float64) { c.fill(white); c.Rect(x-0.65, y-0.65, 1.3, 1.3, "FD") }},
	{[]float64{0.4, 0.7}, func(c canvas, x, y float64) {
		c.fill(white)
		c.Polygon([]gofpdf.PointType{{X: x, Y: y - 0.8}, {X: x + 0.75, Y: y + 0.55}, {X: x - 0.75, Y: y + 0.55}}, "FD")
	}},
	{[]float64{2.2, 0.7, 0.4, 0.7}, func(c canvas, x, y float64) {
		c.Line(x-0.6, y-0.6, x+0.6, y+0.6)
		c.Line(x-0.6, y+0.6, x+0.6, y-0.6)
	}},
}

// totalsBySeat is each player's running total after each of their turns,
// starting from 0.
func totalsBySeat(s *ScoreSheet) [][]int {
	out := make([][]int, len(s.Players))
	for i := range out {
		out[i] = []int{0}
	}
	for _, t := range s.Turns {
		if t.Seat >= 1 && t.Seat <= len(out) {
			out[t.Seat-1] = append(out[t.Seat-1], t.Total)
		}
	}
	return out
}

// niceStep is a round grid step giving about four lines over span.
func niceStep(span int) int {
	for _, step := range []int{10, 20, 25, 50, 100, 200, 250, 500, 1000} {
		if span/step <= 5 {
			return step
		}
	}
	return 2000
}

// drawChart draws every player's running total turn by turn in the box
// (x, y, w, h): light grid, axes labelled with totals and turn numbers,
// a legend naming each line.
func drawChart(c canvas, s *ScoreSheet, x, y, w, h float64) {
	series := totalsBySeat(s)
	turns, lo, hi := 1, 0, 0
	for _, ts := range series {
		turns = max(turns, len(ts)-1)
		for _, v := range ts {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	step := niceStep(hi - lo)
	lo = int(math.Floor(float64(lo)/float64(step))) * step
	hi = max(lo+step, int(math.Ceil(float64(hi)/float64(step)))*step)

	const axisW, axisH, legendH = 9.0, 5.0, 4.5
	px, py, pw, ph := x+axisW, y+legendH, w-axisW-1, h-legendH-axisH
	xAt := func(turn int) float64 { return px + pw*float64(turn)/float64(turns) }
	yAt := func(v int) float64 { return py + ph - ph*float64(v-lo)/float64(hi-lo) }

	c.SetLineWidth(0.1)
	c.pen(lightGrey)
	c.ink(darkGrey)
	for v := lo; v <= hi; v += step {
		c.Line(px, yAt(v), px+pw, yAt(v))
		c.text(x, yAt(v)-2, axisW-1, 4, alignRight, sans, 6, strconv.Itoa(v))
	}
	every := 1
	for _, e := range []int{1, 2, 5, 10, 20, 50} {
		if every = e; turns/e <= 15 {
			break
		}
	}
	for t := 0; t <= turns; t += every {
		c.text(xAt(t)-3, py+ph+0.5, 6, axisH-1, alignCenter, sans, 6, strconv.Itoa(t))
	}
	c.pen(black)
	c.SetLineWidth(0.3)
	c.Line(px, py, px, py+ph)
	c.Line(px, yAt(max(lo, 0)), px+pw, yAt(max(lo, 0)))

	lx := x + axisW
	for i, ts := range series {
		st := lineStyles[i%len(lineStyles)]
		c.pen(black)
		c.SetLineWidth(0.45)
		c.SetDashPattern(st.dash, 0)
		for k := 1; k < len(ts); k++ {
			c.Line(xAt(k-1), yAt(ts[k-1]), xAt(k), yAt(ts[k]))
		}
		c.Line(lx, y+legendH/2, lx+7, y+legendH/2)
		c.SetDashPattern(nil, 0)
		c.SetLineWidth(0.2)
		for k := range ts {
			st.marker(c, xAt(k), yAt(ts[k]))
		}
		st.marker(c, lx+3.5, y+legendH/2)
		c.ink(black)
		name := s.Players[i].Name
		nw := min(c.width(sans, 7, name), (w-axisW)/float64(len(series))-11)
		c.text(lx+8, y, nw, legendH, alignLeft, sans, 7, name)
		lx += nw + 11
	}
	c.ink(black)
}
