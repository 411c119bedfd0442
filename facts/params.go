package facts

// The rule-set parameters the facts are computed under (Params): piece
// values (1999 25.3, 2011 1.1 子力价值, 26.7 兵卒), the pawn-trade rule, the
// bounds of the mate and gain searches, and which facts a rule book reads.
// interp fills them in from a book's YAML.

// Params are the rule-set parameters the extractor needs. Values are in the
// rule set's own units; only their ratios matter.
type Params struct {
	// Values by piece kind name: rook, horse, cannon, advisor, elephant, pawn
	// (an uncrossed pawn), crossed_pawn. The king has no material value.
	Rook        int `json:"rook"`
	Horse       int `json:"horse"`
	Cannon      int `json:"cannon"`
	Advisor     int `json:"advisor"`
	Elephant    int `json:"elephant"`
	Pawn        int `json:"pawn"`
	CrossedPawn int `json:"crossed_pawn"`
	// PawnTradeNoGain: a line in which one side gives only pawns for other
	// pieces, or only other pieces for pawns, never counts as gain (1999 25.3
	// "一兵换取数子或一子换取数兵均不算得子", 2011 26.7). Such a line is scored
	// as no gain (0) for the side that would "win" it — either side: the
	// mover's line that takes only pawns and loses other pieces (no rook)
	// for them scores 0, not a loss.
	PawnTradeNoGain bool `json:"pawn_trade_no_gain"`
	// MateDepth bounds the consecutive-check mate search (连将杀) in plies,
	// counting both sides' moves (9 = five checks).
	MateDepth int `json:"mate_depth"`
	// QuietMate enables the separate search for a mate after one quiet first
	// move (绝杀), bounded by QuietMateDepth plies after the quiet move.
	QuietMate      bool `json:"quiet_mate"`
	QuietMateDepth int  `json:"quiet_mate_depth"`
	// GainChecks bounds how many checks the material-gain search may give
	// before (or between) captures (抽吃, 连将吃子).
	GainChecks int `json:"gain_checks"`
	// ExchangeDepth bounds capture sequences (plies).
	ExchangeDepth int `json:"exchange_depth"`
	// ExchangeChecks bounds the checks either side may give inside an
	// exchange (a counter-check that wins material back: 抽).
	ExchangeChecks int `json:"exchange_checks"`
	// NodeLimit bounds every single search; a search cut short says so.
	NodeLimit int `json:"node_limit"`
	// Detail says how much of each move to compute: DetailFull (the zero
	// value) everything; DetailBasic only what needs no search — check,
	// mate, the pieces moved and taken, material — leaving the threats,
	// offers, mate threat, blocks and follows empty. The per-cycle facts
	// (有变 included) are computed either way. A rule book that reads none
	// of the searched facts (王忠 方案二, which decides by 有变/无变) is
	// judged on DetailBasic; interp decides that from the book itself.
	Detail Detail `json:"detail"`
	// Skip leaves groups of facts out that a rule book does not read (the
	// zero value: none); interp decides it from the books themselves.
	Skip Skip `json:"skip"`
	// ChaseExchange says what the opponent's answer to a capture counts
	// against the capture's gain (the "rest" of a 捉's line): see
	// ChaseBoard and ChaseSquare.
	ChaseExchange ChaseExchange `json:"chase_exchange,omitempty"`
}

// ChaseExchange is how a capture's gain is measured (Params.ChaseExchange).
type ChaseExchange uint8

const (
	// ChaseBoard (the zero value): after the capture the opponent may win
	// anything anywhere (the exchange search with captures anywhere), less
	// what it could have won anyway had the mover passed (the baseline).
	// A piece the capture uncovers (screened), or one already en prise
	// that the capture leaves en prise, lowers the gain.
	ChaseBoard ChaseExchange = iota
	// ChaseSquare: the opponent wins back only by the complete exchange on
	// the victim's square (the capturing piece itself included; checks
	// within the budget as in the exchange search), by mate at once, and —
	// 26.5 做根子捉子 / 被牵子捉子，得不偿失 — on the squares of the pieces
	// the capturing piece rooted or screened (see restZone); the baseline
	// is scoped the same way. A piece en prise elsewhere does not lower the
	// gain: 2020 24.3 voids a gain only by an immediate mate
	// ("上述得子后不致立即…被对方将死") and counts a protected victim by the
	// complete exchange on it.
	ChaseSquare
)

// String names the reading as the rule books' YAML does.
func (c ChaseExchange) String() string {
	if c == ChaseSquare {
		return "square"
	}
	return "board"
}

// Skip is a set of fact groups to leave out (see Params.Skip).
type Skip uint8

const (
	// SkipOffers: Move.Offers is left empty (no book that reads offers,
	// counterattacks or 兑/献 is judged on these facts).
	SkipOffers Skip = 1 << iota
	// SkipVariation: 有变 is not worked out (Side.CanVary false, VaryMove
	// empty).
	SkipVariation
	// SkipTakeNet: what taking an offered piece costs the taker (takeNet)
	// is not worked out: every Taker's Net, MatedAtOnce and Line and every
	// Offer's FreeTake are left zero (0, false, nil, false). The offers
	// themselves, their takers and every other field are as without it.
	SkipTakeNet
	// SkipBeforeWithoutGain: the "before" of a threat that wins nothing
	// after the move (GainAfter <= 0) is not worked out: its HasBefore,
	// GainBefore, LineGainBefore, ChaseGainBefore and DirectBefore are left
	// zero (false, 0). Such a threat is not New and its Cause is
	// "unrelated" either way; every other field is as without it.
	SkipBeforeWithoutGain
	// SkipMateBefore: whether the mover could already mate before the move
	// (MateThreat.Before, 从杀到杀) and whether its mate threat is the
	// opponent's own doing (MateThreatSelfInflicted, 自毙, which turns on
	// it) are not worked out: both are left false.
	SkipMateBefore
	// SkipAcrossCheck: a move that answers a check is not measured against
	// the position before that check: its threats' HasBeforeCheck,
	// GainBeforeCheck, StoodBeforeCheck and SelfInflicted are left zero
	// (false, 0).
	SkipAcrossCheck
	// SkipRootKept: a threat's RootKeptGain (做根子捉子, 26.5) is not worked
	// out: it is left 0.
	SkipRootKept
)

// Detail is how much of each move's facts to compute (see Params.Detail).
type Detail int

const (
	DetailFull  Detail = iota // every fact
	DetailBasic               // no searches: check, mate, pieces, material
)

// DefaultParams are the Chinese books' usual values: 车 = 2 马/炮, 马 = 炮,
// 士 = 象, 过河兵 between 士 and 马 (its value "floats"); an uncrossed pawn is
// worth nothing as material (1999 25.3).
func DefaultParams() Params {
	return Params{
		Rook: 10, Horse: 5, Cannon: 5, Advisor: 2, Elephant: 2, Pawn: 0, CrossedPawn: 2,
		PawnTradeNoGain: true,
		MateDepth:       9,
		QuietMateDepth:  3,
		GainChecks:      3,
		ExchangeDepth:   6,
		ExchangeChecks:  3,
		NodeLimit:       200000,
	}
}
