// submit.go is how a command chooses where its jobs run: with a
// coordinator's URL (--cluster) on its workers through a Client, else in
// this process; both are a Runner, so a command has one code path.
package cluster

import "context"

// Submit connects to the coordinator at o.URL to submit jobs and logs
// that the jobs go there. Without a URL it returns nil: the jobs run here.
func Submit(ctx context.Context, o ConnectOptions) (*Client, error) {
	if o.URL == "" {
		return nil, nil
	}
	cl, err := Dial(ctx, o)
	if err != nil {
		return nil, err
	}
	o.Log.Info().Str("cluster", o.URL).Msg("submitting to the coordinator")
	return cl, nil
}

// RunnerFor is the coordinator's client when o.URL is set (Submit), else
// local; release closes what it opened.
func RunnerFor(ctx context.Context, o ConnectOptions, local Runner) (r Runner, release func(), err error) {
	cl, err := Submit(ctx, o)
	if err != nil {
		return nil, nil, err
	}
	if cl == nil {
		return local, func() {}, nil
	}
	return cl, cl.Close, nil
}
