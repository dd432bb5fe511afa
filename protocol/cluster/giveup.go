// giveup.go ends jobs that ran out of deliveries. A job whose workers all
// died (or lost their lease) MaxDeliver times stays in the work queue but
// is never delivered again, and its submitter would wait for it forever.
// The coordinator listens for JetStream's max-deliveries advisory, stores
// a failed result for such a job (under the job's message id, like a
// worker's) and removes it from the queue; the submitter reports the
// failure, and running the batch again retries the job.
package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// maxDeliveriesSubject is JetStream's advisory for the workers consumer.
const maxDeliveriesSubject = "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES." + jobsStream + "." + workersName

// watchGiveUps subscribes to the advisory; the subscription lives as long
// as nc.
func watchGiveUps(nc *nats.Conn, js jetstream.JetStream, log zerolog.Logger) error {
	_, err := nc.Subscribe(maxDeliveriesSubject, func(m *nats.Msg) {
		var adv struct {
			StreamSeq  uint64 `json:"stream_seq"`
			Deliveries uint64 `json:"deliveries"`
		}
		if err := json.Unmarshal(m.Data, &adv); err != nil {
			log.Warn().Err(err).Msg("unreadable max-deliveries advisory")
			return
		}
		if err := giveUp(js, adv.StreamSeq, adv.Deliveries); err != nil {
			log.Warn().Err(err).Uint64("seq", adv.StreamSeq).Msg("giving up a job")
			return
		}
		log.Warn().Uint64("seq", adv.StreamSeq).Uint64("deliveries", adv.Deliveries).Msg("job given up: every worker running it died or lost its lease")
	})
	return err
}

// giveUp stores a failed result for the job at seq and deletes the job.
func giveUp(js jetstream.JetStream, seq, deliveries uint64) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	st, err := js.Stream(ctx, jobsStream)
	if err != nil {
		return err
	}
	raw, err := st.GetMsg(ctx, seq)
	if err != nil {
		return err
	}
	idh, batch, id, err := parseSubject(jobPrefix, raw.Subject)
	if err != nil {
		return err
	}
	mid := raw.Header.Get(jetstream.MsgIDHeader)
	if mid == "" {
		mid = msgID(idh, batch, id)
	}
	m := nats.NewMsg(subject(resultPrefix, idh, batch, id))
	m.Header.Set(hdrWorker, "coordinator")
	m.Header.Set(hdrFailed, "1")
	m.Data = fmt.Appendf(nil, "job %s given up after %d deliveries: every worker running it died or lost its lease (run the batch again to retry it)", id, deliveries)
	if _, err := js.PublishMsg(ctx, m, jetstream.WithMsgID(mid)); err != nil {
		return err
	}
	return st.DeleteMsg(ctx, seq)
}
