package api

import "testing"

func probeConcurrency(t *testing.T, rep *probeReport) {}
func probeLockout(t *testing.T, rep *probeReport)     {}
func probeJudge(t *testing.T, rep *probeReport)       {}
func probeStreams(t *testing.T, rep *probeReport)     {}
func probeForms(t *testing.T, rep *probeReport)       {}
