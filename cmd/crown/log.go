// log.go sets up zerolog. Logs never go to stdout: stdout belongs to the
// protocol and to command results.
package main

import (
	"io"
	"os"

	"github.com/mattn/go-isatty"
	"github.com/rs/zerolog"
)

type logFlags struct {
	LogLevel string `name:"log-level" default:"info" enum:"debug,info,warn,error" help:"Log level (${enum})."`
	LogFile  string `name:"log-file" type:"path" help:"Write logs to this file instead of stderr."`
}

func (f logFlags) logger() zerolog.Logger {
	var w io.Writer = os.Stderr
	if f.LogFile != "" {
		file, err := os.OpenFile(f.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err == nil {
			w = file
		}
	} else if isatty.IsTerminal(os.Stderr.Fd()) {
		w = zerolog.ConsoleWriter{Out: os.Stderr, TimeFormat: "15:04:05"}
	}
	lvl, err := zerolog.ParseLevel(f.LogLevel)
	if err != nil {
		lvl = zerolog.InfoLevel
	}
	return zerolog.New(w).Level(lvl).With().Timestamp().Logger()
}
