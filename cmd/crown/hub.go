// hub.go implements `crown hub [--name=value ...]`: engine mode started the
// way lidraughts-bot starts a Hub engine. lidraughts-bot (engine_wrapper.py)
// runs `ENGINE ENGINE_ARGUMENT --k=v ...`, its engine_argument being `hub` by
// default and one --k=v for each of its engine_options; crown takes each pair
// as the Hub parameter k set to v, as `set-param name=k value=v` would.
// Unknown names are ignored, as set-param ignores them; a bad value of a
// known parameter stops crown with an error before the session starts.
package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rs/zerolog"
)

type hubCmd struct {
	Params []string `arg:"" optional:"" help:"Hub parameters as --name=value (e.g. --hash=64 --threads=2)."`
}

func (c *hubCmd) Run(log *zerolog.Logger) error {
	if slices.Contains(c.Params, "--help") || slices.Contains(c.Params, "-h") {
		fmt.Println(hubHelp)
		return nil
	}
	presets, err := parseParamArgs(c.Params)
	if err != nil {
		return err
	}
	return runEngine(log, "", presets)
}

// hubHelp is what `crown hub --help` prints: the command takes no flags of
// its own (every --name=value is a parameter), so kong cannot write it.
const hubHelp = `Usage: crown [--log-level=L --log-file=F] hub [--name=value ...]

Engine mode (see crown engine --help) as lidraughts-bot starts a Hub engine:
each --name=value sets the Hub parameter name to value before the session,
as set-param would; unknown names are ignored, a bad value is an error.

Example (lidraughts-bot's engine_options {hash: 64, threads: 2}):
  crown hub --hash=64 --threads=2`

// parseParamArgs reads --name=value arguments.
func parseParamArgs(args []string) ([][2]string, error) {
	var out [][2]string
	for _, a := range args {
		name, value, ok := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !ok || !strings.HasPrefix(a, "--") || name == "" {
			return nil, fmt.Errorf("hub: argument %q: want --name=value (a Hub parameter, as lidraughts-bot's engine_options)", a)
		}
		out = append(out, [2]string{name, value})
	}
	return out, nil
}
