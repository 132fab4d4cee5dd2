package api

func (w *simWorld) checkPrints()      {}
func (w *simWorld) checkExportT()     {}
func (w *simWorld) checkFeed()        {}
func (w *simWorld) checkLive()        {}
func (w *simWorld) checkFigures(bool) {}
func (w *simWorld) checkPublished()   {}
