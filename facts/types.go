package facts

// The facts, a glossary: each type and field below is one primitive a rule
// book reads, with its definition (the clause it serves named where the
// books name it). All are plain value structs (no pointers, no interfaces),
// so they can serve directly as expr environments.

// Piece names a piece on a square, for evidence.
type Piece struct {
	Kind    string `json:"kind"`    // king advisor elephant horse rook cannon pawn
	CN      string `json:"cn"`      // 帅 车 … as the side's own name
	Side    string `json:"side"`    // red, black
	Square  string `json:"square"`  // ICCS square, e.g. "i9"
	Crossed bool   `json:"crossed"` // a pawn across the river
	Value   int    `json:"value"`   // material value under the Params (crossed pawns included)
}

// MateThreat is 杀: with the opponent passing, the mover has a forced mate.
type MateThreat struct {
	Exists bool     `json:"exists"`
	Kind   string   `json:"kind"`    // "mate-in-1", "checks" (连将杀), "quiet" (绝杀, a quiet first move); "" when none
	Plies  int      `json:"plies"`   // length of the mating line in plies (mover's and replies)
	Line   []string `json:"line"`    // the mating line in ICCS, starting with the mover's next move
	LineCN []string `json:"line_cn"` // the same line in Chinese notation
	// Before: the mover already had this kind of forced mate in the position
	// before the move, with itself to move (从杀到杀).
	Before bool `json:"before"`
	// Cut: a search hit its node limit; the answer is a lower bound.
	Cut bool `json:"cut"`
}

// Threat is what the mover can win through one enemy non-king piece (the
// victim) if it moved again — the raw material of 捉.
type Threat struct {
	Victim Piece `json:"victim"`
	// GainAfter is the best material balance the mover can force by a line that
	// starts next move (the mover moving again) and whose first capture is the
	// victim, possibly after checks (the checking piece may take a piece that
	// blocks its check, with check again: 连续将军). HasAfter is false when no
	// such line exists.
	GainAfter int  `json:"gain_after"`
	HasAfter  bool `json:"has_after"`
	// GainBefore: the same in the position before the move, mover to move.
	GainBefore int  `json:"gain_before"`
	HasBefore  bool `json:"has_before"`
	// LineGainAfter and LineGainBefore are the line's own balance, after and
	// before the move: the gain less what the opponent could win anyway had
	// the mover passed (the baseline, elsewhere on the board), and without
	// what the mover could win elsewhere anyway (ownShare). A gain that
	// grew while its line's own balance did not grew through another part
	// of the board (seed 001 (一)无关联: 不能把甲乙两块棋混在一起计算).
	LineGainAfter  int `json:"line_gain_after"`
	LineGainBefore int `json:"line_gain_before"`
	// ChaseGainAfter and ChaseGainBefore are GainAfter and GainBefore with
	// the chase's own pieces not written off: the pieces that can take the
	// victim, the pieces that back a capture (Supporters), and the screens
	// their cannons fire over, are not among what the opponent "wins
	// anyway" in the baseline — a chaser that is lost after the capture is
	// the capture's cost (issue 11 class 3a). Where
	// no line was worked out (a gain of 0 or less) they are the gain.
	ChaseGainAfter  int `json:"chase_gain_after"`
	ChaseGainBefore int `json:"chase_gain_before"`
	// RootKeptGain: for a victim without a real root (Protection none or
	// false) that can be taken outright, the best balance of taking it
	// directly (no check first) by a piece that is the root of some of the
	// mover's other pieces (做根子捉子), when what the opponent then wins
	// by taking those pieces where they stand is not counted against the
	// capture — with the baseline and clamp GainAfter has. The book's
	// 2020 图22 and 参考图46 call such a capture of an unrooted piece 捉
	// although the root's leaving loses the piece it guarded (issue 24
	// class 3: the counter-loss is another group's, 无关联); GainAfter
	// counts that loss (26.5 得不偿失). Equal to GainAfter when no such
	// capture exists or the victim is really rooted.
	RootKeptGain int `json:"root_kept_gain"`
	// New: a winning line exists after the move (GainAfter > 0) and none did
	// before, or the chase's gain grew (ChaseGainBefore < ChaseGainAfter:
	// 从没捉到捉 / 新增得子); false for 从捉到捉 without change. Measured
	// with the chase's own pieces kept, a move that shields or rescues its
	// hanging chaser (or the chaser's screen) while keeping the threat makes
	// a new gain, and a move that only exposes its chaser, which then
	// escapes by the capture, makes none.
	//
	// Newness on the line's own balance (issue 24 class 1): a moved piece
	// that stood en prise and that the line before lost inside it — the
	// opponent took it answering the line's checks, before the victim fell
	// — is not written off as lost anyway in ChaseGainBefore (2020 参考图18
	// 车4平2: 伏抽车，判捉; Cause "rescued"). And a threat is new when before
	// the move every capture of the victim let the opponent mate (the
	// opponent's standing mate threat, 24.2 杀, stood after the capture) and
	// now one does not (解杀还捉, 2020 参考图35 车4平6; Cause "lifted").
	New bool `json:"new"`
	// Line is the principal line after the move (ICCS), the mover's first.
	Line []string `json:"line"`
	// LineCN is the same line in Chinese notation.
	LineCN []string `json:"line_cn"`
	// Wins lists every enemy piece the mover takes in the line, the victim
	// first: a line that takes a guard to open a file on a rook wins the
	// rook too (the book names the rook; the line's first capture is the guard).
	Wins []Piece `json:"wins"`
	// ViaCheck: the line gives check before taking the victim (抽吃, 连将吃子).
	ViaCheck bool `json:"via_check"`
	// Direct: the victim can be taken outright next move (a legal capture).
	Direct bool `json:"direct"`
	// DirectBefore: it could be taken outright before the move (mover to move).
	DirectBefore bool `json:"direct_before"`
	// MatedAfterCapture: every capture of the victim gets the mover mated at
	// once (so the gain is void: 细则7 / 29.4).
	MatedAfterCapture bool `json:"mated_after_capture"`

	// Attackers are the mover's pieces that can legally take the victim next
	// move; Participants every mover piece that takes part in the best line.
	Attackers    []Piece `json:"attackers"`
	Participants []Piece `json:"participants"`
	// Supporters: the mover's pieces that could take on the victim's square
	// after a first capture and a recapture — the second piece of an
	// exchange (a cannon behind the rook, a horse guarding the square).
	Supporters []Piece `json:"supporters"`
	// Joint (联合捉): two or more of the mover's pieces take part in winning
	// the victim — they move or give check in the winning line
	// (Participants), or a capture wins only with a partner that pins the
	// protector or keeps it from taking back. A cannon's screen is no
	// partner, nor a piece that only blocks a protector's way (拦), nor one
	// that would only take back later in the exchange (that makes the victim
	// 少根: see NeedsSeveral), even when the line has it take back; a rook
	// with a cannon behind it (车炮) is joint unless another piece bears on
	// the victim from another line (then 少根: 2020 参考图49 车3平2).
	Joint bool `json:"joint"`
	// Screens: the mover's pieces that stand as the screen of a cannon's
	// capture of the victim that wins material (the cannon takes and loses
	// at most itself): the cannon chases, the screen makes its capture
	// possible (seed 001 图10: a rook that faces the victim and screens its
	// cannon onto it is 兑兼捉).
	Screens []Piece `json:"screens"`
	// Pinners: the mover's pieces that keep the victim from leaving its
	// square (不能离线): every move of the victim exposes its king to check
	// or lets the mover mate at once, and one of them would not with the
	// pinner off the board. They are Participants; with another piece taking
	// part (the attacker), the chase is Joint.
	Pinners []Piece `json:"pinners"`
	// NeedsSeveral: no single attacker wins material on its own (taking,
	// losing at most itself to a recapture, also with each other piece of
	// the mover off the board), and two or more of the mover's pieces bear
	// on the victim — attacking it, backing a capture in the exchange, or
	// making a capture possible (a cannon's screen included). It says that
	// the threat needs more than one attacker (a victim that takes one of
	// them back defuses it: 兑, 献), not that the chase is joint: several
	// attackers against a 少根 piece are no 联合捉.
	NeedsSeveral bool `json:"needs_several"`
	// Dispensable: attackers of a threat that NeedsSeveral which the victim
	// could take first, and without which the mover still wins material
	// through the victim (the line is searched with that attacker off the
	// board): the threat does not need them (a 少根 victim that can exchange
	// itself for one of them is still chased).
	Dispensable []Piece `json:"dispensable,omitempty"`
	// KingAttacker / PawnAttacker: the king / a pawn is among the direct attackers.
	KingAttacker bool `json:"king_attacker"`
	PawnAttacker bool `json:"pawn_attacker"`
	// OnlyKing / OnlyPawn: every direct attacker is the king / a pawn (本身捉).
	OnlyKing bool `json:"only_king"`
	OnlyPawn bool `json:"only_pawn"`
	// CaptureChecks: some direct capture of the victim gives check;
	// CaptureDiscoversCheck: some direct capture uncovers a check by another
	// piece (a pawn taking off the line between a rook and the king — cppxq's
	// "2022 26.8": such a pawn's capture is not the pawn's own chase).
	CaptureChecks         bool `json:"capture_checks"`
	CaptureDiscoversCheck bool `json:"capture_discovers_check"`
	// KingPawnGainsLast: the line is even (or losing) until its last
	// capture by the mover, and that capture is the king's or a pawn's, on
	// the victim's square, after the opponent took back: the gain beyond an
	// even exchange is the king's or the pawn's own (26.1; 2020 参考图32:
	// the king takes only after an equal exchange). Where the opponent
	// would rather not take back, the complete exchange (24.3) is played
	// out on the square. Not when that king or pawn is the piece that moved
	// (26.1.1: it and the others chase together → 捉).
	KingPawnGainsLast bool `json:"king_pawn_gains_last"`
	// NeedsKing: the gain disappears without the king (借帅之力).
	NeedsKing bool `json:"needs_king"`
	// Cause says how the move made the threat: "moved" (the moved piece
	// attacks), "discovered" (it uncovered a line), "screen" (it became a
	// cannon screen), "unrooted" (it removed or diverted the victim's
	// protector, 断根), "pinned" (it pinned the protector), "check" (the gain
	// comes from a check the move made possible, or the moved piece gives
	// check in the line), "indirect" (the balance grew
	// through nothing the move did to the victim's lines, e.g. an exchange's
	// tail), "shielded" (the gain grew only with the chase's own pieces
	// kept: the move shielded or rescued the chaser or its screen, 新增得子,
	// while the attack itself stood before), "rescued" (the same, the piece
	// saved being the moved one, lost inside the line before: see New),
	// "lifted" (解杀: the capture let the opponent mate before the move; see
	// New), or "unrelated" (无关联: not new). A threat whose gain did not
	// grow but whose victim can now be taken outright and could not before
	// gets the cause of that new capture (the attack is new: AXF's chase).
	Cause string `json:"cause"`
	// MovedPieceAttacks: the moved piece is one of the attackers.
	MovedPieceAttacks bool `json:"moved_piece_attacks"`
	// MovedPieceTakesPart: the moved piece attacks, moves in the line, backs
	// a capture (Supporters) or gives check in the line (a rook uncovered by
	// a cannon's capture: 抽).
	MovedPieceTakesPart bool `json:"moved_piece_takes_part"`
	// How the moved piece takes part, each on its own (issue 11 class 3c):
	// MovedPieceCaptures: it attacks the victim, moves in the line or backs
	// a capture (Supporters); MovedPieceScreens: a cannon fires over it at
	// the victim, or a capture wins only with it (it pins the protector,
	// keeps it from taking back, or cuts its way: winsAlone's helpers and
	// blockers), not by the check the capture uncovers; MovedPieceTraps: the victim, its side to move, has no move
	// to a square the mover cannot take it on — for an unrooted victim,
	// none after which the mover cannot mate at once either (不能离线, 2020
	// 参考图49) — and would have one with the moved piece off the board (it
	// keeps the victim trapped; only for a threat that wins; the trapper of
	// an unrooted victim is a Participant, and the chase Joint where it is
	// not the only one: issue 24 class 5, 参考图39); MovedPieceChecks: it gives check in the line (a
	// discovered check, 抽).
	MovedPieceCaptures bool `json:"moved_piece_captures"`
	MovedPieceScreens  bool `json:"moved_piece_screens"`
	MovedPieceTraps    bool `json:"moved_piece_traps"`
	MovedPieceChecks   bool `json:"moved_piece_checks"`

	// GainBeforeCheck/HasBeforeCheck: for a move that answers a check, what
	// the mover could win through the victim before the opponent's checking
	// move, mover to move (the victim where it stood; not for the checking
	// piece). New does not look at it (it compares with the position just
	// before the move); a book that reads 从捉到捉 across the check does.
	GainBeforeCheck int  `json:"gain_before_check"`
	HasBeforeCheck  bool `json:"has_before_check"`
	// StoodBeforeCheck: the move answers a check and only lets this threat
	// resume: before the opponent's checking move the mover could already
	// win at least as much through the victim (GainBeforeCheck >=
	// GainAfter) — or could win it (GainBeforeCheck > 0) and can take it
	// outright now with no attacker or backer that could not take part
	// before (the growth is the checking move's doing: what the opponent
	// could win back elsewhere, the root its check took away; 自己造成,
	// 2020 参考图22) — and the moved piece, not the king, takes no part in it
	// that it did not take there (attacking the victim, backing a capture,
	// screening a cannon onto it: the roles measured alike before and
	// after): the king steps aside, a piece blocks or leaves a screen
	// without itself taking part. A
	// threat the answering piece itself makes (an interposed piece that
	// attacks the victim, a horse leaving a screen to hit a cannon: 解将兼捉)
	// did not stand before the check.
	StoodBeforeCheck bool `json:"stood_before_check"`
	// SelfInflicted: the move answers a check, and the threat exists only
	// because the opponent's checking move took the victim's root away: before
	// the check the victim was rooted and could not be won, and the same move
	// played before the check would have left it rooted (自己造成, 2020
	// 参考图22; not 参考图47, where the answer moves the screen of the root).
	SelfInflicted bool `json:"self_inflicted"`

	// Protection of the victim: "none", "real", "false" (假根), "insufficient" (少根).
	Protection    string  `json:"protection"`
	ProtectionWhy string  `json:"protection_why"` // e.g. "protector h7 is pinned", "recapture walks into the flying general"
	Protectors    []Piece `json:"protectors"`
	// HiddenRoot (暗根): a protection that appears only once the victim is taken.
	HiddenRoot bool `json:"hidden_root"`
	// RootMates: when the root is false only because every recapture gets
	// the victim's side mated at once, the mover's mating checks that answer
	// the recaptures (ICCS, sorted); empty otherwise.
	RootMates []string `json:"root_mates"`
	// SameKind: some direct attacker is of the victim's kind.
	SameKind bool `json:"same_kind"`
	// MutualReach (威力互达): the victim can legally take one of its attackers.
	MutualReach bool `json:"mutual_reach"`
	// Cut: a search for this threat hit its node limit.
	Cut bool `json:"cut"`
}

// Taker is an enemy piece that can take one of the mover's pieces at once.
type Taker struct {
	Piece Piece `json:"piece"`
	// SameKind: the taker is of the offered piece's kind (同兵种).
	SameKind bool `json:"same_kind"`
	// MutualReach: the offered piece can also take the taker (威力互达).
	MutualReach bool `json:"mutual_reach"`
	// MatedAtOnce: after taking, the taker's side is mated at once (the
	// mover mates in one).
	MatedAtOnce bool `json:"mated_at_once"`
	// Net is the taker's side's material balance after taking, the worse of
	// the exchange the capture starts on the offered square (the mover
	// recapturing, either side stopping when it suits it) and what the mover
	// can then win anywhere, net of what it could win had the taker's side
	// passed (a root the taker was, a line it blocked: see takeNet); negative
	// means taking loses material (得不偿失, 立即在子力价值上遭受损失).
	Net int `json:"net"`
	// Line is the line that decided Net (ICCS), the taker's capture first.
	Line []string `json:"line"`
}

// Offer is one of the mover's pieces that the opponent can take at once after
// the move (the opponent really is to move): the raw material of 兑, 献 and
// 送吃, and of the first counterattack (第一反击).
type Offer struct {
	Piece Piece `json:"piece"`
	// Moved: it is the piece just moved.
	Moved bool `json:"moved"`
	// New: it could not be taken before the move.
	New bool `json:"new"`
	// NewMutual: the move made a capture possible both ways — the piece
	// can now take back a taker that it could not take before (its horse
	// leg freed, its line opened), the taker standing where it stood
	// (issue 11 class 3c: such an exchange offer is new).
	NewMutual bool `json:"new_mutual"`
	// Protection of the offered piece, as for threats.
	Protection string  `json:"protection"`
	Takers     []Taker `json:"takers"`
	// FreeTake: some taker takes without being mated at once and without
	// losing material on balance (the 2011 献 test).
	FreeTake bool `json:"free_take"`
	// SameKindTaker: some taker is of the same kind.
	SameKindTaker bool `json:"same_kind_taker"`
	// AttackerOfThreat: the piece is an attacker (Threat.Attackers) in one
	// of the move's threats that wins something (GainAfter > 0): taking it
	// answers the chase by taking the chaser (a book's 第一反击, perhaps).
	AttackerOfThreat bool `json:"attacker_of_threat"`
}

// Move holds every fact about one move of a cycle.
type Move struct {
	Ply      int    `json:"ply"`  // 1-based in the cycle
	Side     string `json:"side"` // red, black
	ICCS     string `json:"iccs"`
	CN       string `json:"cn"` // Chinese notation
	WXF      string `json:"wxf"`
	Piece    Piece  `json:"piece"`    // the moved piece, on its destination square
	From     string `json:"from"`     // origin square
	Captured Piece  `json:"captured"` // Kind "" when the move captures nothing

	Check           bool    `json:"check"`
	Checkers        []Piece `json:"checkers"`
	DiscoveredCheck bool    `json:"discovered_check"`
	DoubleCheck     bool    `json:"double_check"`
	Mate            bool    `json:"mate"`          // the opponent has no legal move (将死 or 困毙)
	Stalemate       bool    `json:"stalemate"`     // … and is not in check (困毙)
	AnswersCheck    bool    `json:"answers_check"` // the mover was in check before the move
	// MovedWasThreatened: before the move the opponent, moving, could have
	// won the moved piece (it escapes a chase: 避捉); MovedThreatGain is that gain.
	MovedWasThreatened bool `json:"moved_was_threatened"`
	MovedThreatGain    int  `json:"moved_threat_gain"`
	KingMoved          bool `json:"king_moved"`
	PawnMoved          bool `json:"pawn_moved"`

	MateThreat MateThreat `json:"mate_threat"`
	// MateThreatSelfInflicted: the mover's mate threat (or threats) exists
	// only because of the opponent's own previous move (自毙): it stood
	// before this move but not before that one; or, for a move that
	// answers a check, there was none before the check and every answer
	// to the check leaves one (2020 图13; 图19 is the answer that adds it).
	MateThreatSelfInflicted bool `json:"mate_threat_self_inflicted"`

	Threats []Threat `json:"threats"`
	Offers  []Offer  `json:"offers"`

	// Block (拦): the move shortens the moves of these enemy pieces.
	Block   bool    `json:"block"`
	Blocked []Piece `json:"blocked"`
	// Follow (跟): the moved piece keeps attacking the enemy piece that has just
	// moved, which is protected, without winning anything.
	Follow   bool    `json:"follow"`
	Followed []Piece `json:"followed"`

	// Material per side after the move (under Params), and strong pieces
	// (车马炮) per side.
	MaterialRed   int `json:"material_red"`
	MaterialBlack int `json:"material_black"`
	StrongRed     int `json:"strong_red"`
	StrongBlack   int `json:"strong_black"`
	// AttackingRed/Black: 车马炮 and crossed pawns.
	AttackingRed   int `json:"attacking_red"`
	AttackingBlack int `json:"attacking_black"`

	// Cut: some search for this move hit its node limit.
	Cut bool `json:"cut"`
}

// Side holds per-cycle facts about one side.
type Side struct {
	Name  string `json:"name"`  // red, black
	Moves int    `json:"moves"` // moves of this side in one period
	// Squares visited by the side's moved pieces in the cycle (循环点).
	Squares []string `json:"squares"`
	// CanVary (有变): the side has a move outside the cycle, at one of its
	// turns, that neither leaves a piece to be won at once (after checks) nor
	// gets it mated at once (王忠's narrow definition). Evidence: that move.
	CanVary       bool   `json:"can_vary"`
	VaryMove      string `json:"vary_move"`      // ICCS
	VaryMoveCN    string `json:"vary_move_cn"`   // the same move in Chinese notation
	VaryAt        int    `json:"vary_at"`        // ply of the cycle whose position allows it
	CompletesLast bool   `json:"completes_last"` // it completes the repetition last (后走满重复着法)
	Strong        int    `json:"strong"`         // strong pieces (车马炮) on board
	Cut           bool   `json:"cut"`
}

// Cycle holds the per-cycle facts and the facts of each move.
type Cycle struct {
	FEN        string `json:"fen"` // the position the cycle starts from (and returns to)
	Plies      int    `json:"plies"`
	FirstMover string `json:"first_mover"` // red, black
	// Occurrences: how many times the cycle's start position occurred in the
	// input (2 for one period given; 3 after a full repetition).
	Occurrences int    `json:"occurrences"`
	Moves       []Move `json:"moves"`
	Red         Side   `json:"red"`
	Black       Side   `json:"black"`
	// Simple (简明局面): not both sides have two or more strong pieces.
	Simple bool `json:"simple"`
}
