// log.go sets up zerolog and reports a command's failure. Logs never go to
// stdout: stdout belongs to the protocol and to command results.
//
// Engine mode is quiet by default (level warn: a log line means something
// is wrong), because clients such as pydraughts merge the engine's stderr
// into its stdout; the other commands log at info. --log-level overrides
// both. Logs are JSON lines unless stderr is a terminal (--log-format
// chooses). A failing command prints one sentence, "crown: <what went
// wrong>", on stderr, or a JSON log line with --log-format json.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/mattn/go-isatty"
	"github.com/rs/zerolog"
)

type logFlags struct {
	LogLevel  string `name:"log-level" enum:",debug,info,warn,error" default:"" help:"Log level (debug, info, warn, error); default: warn in engine mode, info otherwise."`
	LogFile   string `name:"log-file" type:"path" help:"Write logs to this file instead of stderr."`
	LogFormat string `name:"log-format" default:"auto" enum:"auto,console,json" help:"Log format: console, json, or auto (console on a terminal, json otherwise). With json a failure is a JSON log line too."`
}

// level is the level in force for a command (engine: engine mode).
func (f logFlags) level(engine bool) zerolog.Level {
	if f.LogLevel == "" {
		if engine {
			return zerolog.WarnLevel
		}
		return zerolog.InfoLevel
	}
	lvl, err := zerolog.ParseLevel(f.LogLevel)
	if err != nil {
		return zerolog.InfoLevel
	}
	return lvl
}

func (f logFlags) logger(engine bool) zerolog.Logger {
	var w io.Writer = os.Stderr
	console := f.LogFormat == "console" || (f.LogFormat == "auto" && isatty.IsTerminal(os.Stderr.Fd()))
	if f.LogFile != "" {
		file, err := os.OpenFile(f.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err == nil {
			w, console = file, f.LogFormat == "console"
		}
	}
	if console {
		w = zerolog.ConsoleWriter{Out: w, TimeFormat: "15:04:05"}
	}
	return zerolog.New(w).Level(f.level(engine)).With().Timestamp().Logger()
}

// reportFailure writes a command's error to w: one sentence, or with
// --log-format json one JSON object like the logs'.
func (f logFlags) reportFailure(w io.Writer, err error) {
	if f.LogFormat == "json" {
		b, _ := json.Marshal(map[string]string{"level": "error", "error": err.Error(), "message": "failed"})
		fmt.Fprintf(w, "%s\n", b)
		return
	}
	fmt.Fprintf(w, "crown: %v\n", err)
}
