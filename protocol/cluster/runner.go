// runner.go names what Local and Client have in common, so a command, or
// a package that turns its work into jobs, takes either and has one code
// path for this machine and a coordinator's workers.
package cluster

import "context"

// Runner runs a batch of jobs and shares files with them: *Local or
// *Client.
type Runner interface {
	Run(ctx context.Context, batch string, jobs []Job, onResult func(Result) error) error
	PutFile(ctx context.Context, data []byte) (string, error)
	File(ctx context.Context, name string) ([]byte, error)
}

var (
	_ Runner = (*Local)(nil)
	_ Runner = (*Client)(nil)
)
