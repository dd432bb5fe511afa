// pool.go keeps the players a process has made for match games between
// games, so that a match costs one instance of each player per game slot
// (a core of the runner, a thread of a worker), not one per game: a game
// takes an idle instance of each side or makes one, and gives it back
// afterwards unless it failed (a fault or an interrupted search; the next
// game makes a fresh one, as a restarted engine). Instances are grouped in
// sets, one per pair of players under one set of limits; a worker that
// serves several matches keeps the sets it used last and closes the rest.
package match

import (
	"sync"

	"github.com/rs/zerolog"
)

// playerSet holds the instances of one pair of players. The factories
// are made once per set, so a book-seed player's instances are counted
// across the set's game slots.
type playerSet struct {
	labels [2]string
	new    [2]func() (Player, error)
	log    zerolog.Logger

	mu      sync.Mutex
	idle    [2][]Player
	started [2]bool // an instance of the side was made once: a later failure is a restart's
	closed  bool
	used    uint64 // the pool's clock at the set's last use (guarded by the pool's mu)
}

// get returns an instance of side k. restart says that a failure to make
// one is a restart's (the side started before), which loses the game,
// not the match.
func (s *playerSet) get(k int) (p Player, restart bool, err error) {
	s.mu.Lock()
	if n := len(s.idle[k]); n > 0 {
		p = s.idle[k][n-1]
		s.idle[k] = s.idle[k][:n-1]
		s.mu.Unlock()
		return p, false, nil
	}
	restart = s.started[k]
	s.mu.Unlock()
	p, err = s.new[k]()
	if err != nil {
		return nil, restart, err
	}
	s.mu.Lock()
	s.started[k] = true
	s.mu.Unlock()
	return p, false, nil
}

// put gives an instance of side k back for the next game.
func (s *playerSet) put(k int, p Player) {
	s.mu.Lock()
	if !s.closed {
		s.idle[k] = append(s.idle[k], p)
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	s.drop(k, p)
}

// drop closes an instance of side k.
func (s *playerSet) drop(k int, p Player) {
	if err := p.Close(); err != nil {
		s.log.Debug().Err(err).Str("player", s.labels[k]).Msg("closing player")
	}
}

// close closes the idle instances; those in use are closed when given back.
func (s *playerSet) close() {
	s.mu.Lock()
	idle := s.idle
	s.idle = [2][]Player{}
	s.closed = true
	s.mu.Unlock()
	for k, ps := range idle {
		for _, p := range ps {
			s.drop(k, p)
		}
	}
}

// pool holds a process's player sets by key.
type pool struct {
	keep int // sets kept; the least recently used beyond are closed

	mu    sync.Mutex
	sets  map[string]*playerSet
	clock uint64
}

func newPool(keep int) *pool {
	return &pool{keep: max(keep, 1), sets: map[string]*playerSet{}}
}

// set returns the set of key, made by mk when the pool has none.
func (p *pool) set(key string, mk func() *playerSet) *playerSet {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clock++
	s, ok := p.sets[key]
	if !ok {
		s = mk()
		s.used = p.clock
		p.sets[key] = s
		for len(p.sets) > p.keep {
			var oldest string
			for k, o := range p.sets {
				if oldest == "" || o.used < p.sets[oldest].used {
					oldest = k
				}
			}
			p.sets[oldest].close()
			delete(p.sets, oldest)
		}
	}
	s.used = p.clock
	return s
}

// close closes every set.
func (p *pool) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, s := range p.sets {
		s.close()
		delete(p.sets, k)
	}
}
