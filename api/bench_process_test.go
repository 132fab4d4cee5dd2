package api

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// benchProcess is a benchmark's clients in a process of their own: the
// test binary running one test, at the lowest priority (nice 19), so
// that what is measured is what the clients cost the server rather than
// their own work (in the hall it is done by phones and laptops of their
// own). The test reads its orders from an environment variable, prints
// ready once it has started, and when its input closes stops and
// prints "stats N N N" (what its clients saw).
type benchProcess struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Scanner
	stats [3]int64
}

// startBenchProcess runs the test named test with env set and returns
// once it has printed ready.
func startBenchProcess(test, env, ready string) (*benchProcess, error) {
	p := &benchProcess{}
	args := []string{os.Args[0], "-test.run=^" + test + "$", "-test.count=1"}
	if nice, err := exec.LookPath("nice"); err == nil {
		args = append([]string{nice, "-n", "19"}, args...)
	}
	p.cmd = exec.Command(args[0], args[1:]...)
	p.cmd.Env = append(os.Environ(), env)
	p.cmd.Stderr = os.Stderr
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	p.out = bufio.NewScanner(stdout)
	for p.out.Scan() {
		if p.out.Text() == ready {
			return p, nil
		}
	}
	p.cmd.Wait()
	return nil, fmt.Errorf("%s did not say %q", test, ready)
}

// stop closes the process's input and reads what its clients saw.
func (p *benchProcess) stop() {
	p.stdin.Close()
	for p.out.Scan() {
		if rest, ok := strings.CutPrefix(p.out.Text(), "stats "); ok {
			fmt.Sscan(rest, &p.stats[0], &p.stats[1], &p.stats[2])
		}
	}
	p.cmd.Wait()
}
