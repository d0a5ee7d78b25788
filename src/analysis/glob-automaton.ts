/**
 * A glob's automaton at run time: the states src/analysis/glob.ts builds from a pattern (a
 * Thompson automaton), and the matcher that reads them as a DFA built on demand.
 */

/** A compiled glob: `test` answers in O(pattern × input) time. */
export interface Glob {
  test(input: string): boolean;
}

// Automaton states: a character test, a split (two epsilon edges), or the accepting state.
export const CHAR = 0, SPLIT = 1, MATCH = 2;

export interface State {
  kind: number;
  /** For CHAR: whether the character code is accepted. */
  accepts: (c: number) => boolean;
  out: number;
  out2: number;
}


/**
 * A DFA state: a set of automaton states (CHAR and MATCH ones, epsilon edges followed), with its
 * transitions filled in as inputs need them.
 */
interface DState {
  readonly accepting: boolean;
  /** No state left: no input from here on matches. */
  readonly dead: boolean;
  readonly nfa: readonly number[];
  /** Transitions on ASCII codes (undefined: not computed yet); others in `other`. NOT_KEPT: not remembered. */
  readonly ascii: Array<DState | undefined>;
  other: Map<number, DState> | null;
}

/**
 * Most sets a DFA keeps before it starts again from empty: a pattern whose subset construction
 * would blow up (`*(a|b)*(a|c)…`) costs at most what simulating the automaton costs, never
 * exponential memory.
 */
const MAX_DSTATES = 256;
/**
 * Most sets all DFAs together keep (each ~1 KB): an untrusted config may list thousands of
 * patterns, and a long-lived worker tests every path it sees against them. Past it, new sets are
 * used and dropped, as the automaton was simulated before: slower, never more memory.
 */
const MAX_KEPT = 4096;
let kept = 0;
/** The transitions of a set that is not kept: none remembered (every read misses). */
const NOT_KEPT: ReadonlyArray<DState | undefined> = Object.freeze([]);

/**
 * The Thompson automaton read as a DFA built on demand (the subset construction, one transition
 * at a time, as inputs ask for it): a transition is computed once in O(states) and then read in
 * O(1), so matching stays linear in pattern × input in the worst case and is one table read per
 * character once warm (simulating every state at every character cost microseconds per path).
 */
export class Automaton implements Glob {
  private readonly mark: Uint32Array;
  private generation = 0;
  private readonly byKey = new Map<string, DState>();
  private first: DState | null = null;

  constructor(private readonly states: readonly State[], private readonly start: number) {
    this.mark = new Uint32Array(states.length);
  }

  test(input: string): boolean {
    let d = this.first ?? this.startState();
    for (let k = 0; k < input.length; k++) {
      if (d.dead) return false;
      const c = input.charCodeAt(k);
      const next = c < 128 ? d.ascii[c] : d.other?.get(c);
      d = next ?? this.transition(d, c);
    }
    return d.accepting;
  }

  private startState(): DState {
    this.step();
    const list: number[] = [];
    this.addState(list, this.start);
    const d = this.intern(list);
    if (d.ascii !== NOT_KEPT) this.first = d;
    return d;
  }

  /** The state after `c` from `d`, computed and remembered. */
  private transition(d: DState, c: number): DState {
    this.step();
    const list: number[] = [];
    for (let k = 0; k < d.nfa.length; k++) {
      const st = this.states[d.nfa[k] as number] as State;
      if (st.kind === CHAR && st.accepts(c)) this.addState(list, st.out);
    }
    const to = this.intern(list);
    // Only between kept sets: a kept one must not hold on to one that was not.
    if (d.ascii === NOT_KEPT || to.ascii === NOT_KEPT) return to;
    if (c < 128) d.ascii[c] = to;
    else (d.other ??= new Map()).set(c, to);
    return to;
  }

  /** The DFA state of a set of automaton states (one object per distinct set). */
  private intern(list: number[]): DState {
    list.sort((a, b) => a - b);
    const key = list.join(",");
    let d = this.byKey.get(key);
    if (d !== undefined) return d;
    // Over the cap: forget every set (a test in progress keeps the one it holds) and start again.
    if (this.byKey.size >= MAX_DSTATES) {
      kept -= this.byKey.size;
      this.byKey.clear();
      this.first = null;
    }
    let accepting = false;
    for (let k = 0; k < list.length; k++) if ((this.states[list[k] as number] as State).kind === MATCH) accepting = true;
    const keep = kept < MAX_KEPT;
    d = { accepting, dead: list.length === 0, nfa: list, ascii: keep ? new Array<DState | undefined>(128).fill(undefined) : (NOT_KEPT as Array<DState | undefined>), other: null };
    if (keep) {
      kept++;
      this.byKey.set(key, d);
    }
    return d;
  }

  /** Adds `s` and everything reachable from it by epsilon edges to `list`. */
  private addState(list: number[], s: number): void {
    const stack = [s];
    while (stack.length > 0) {
      const t = stack.pop() as number;
      if (t < 0 || this.mark[t] === this.generation) continue;
      this.mark[t] = this.generation;
      const st = this.states[t] as State;
      if (st.kind === SPLIT) { stack.push(st.out2, st.out); continue; }
      list.push(t);
    }
  }

  private step(): void {
    if (++this.generation === 0xffffffff) { this.mark.fill(0); this.generation = 1; }
  }
}

/** How many DFA sets all automata keep together (at most MAX_KEPT): for tests. */
export function keptSets(): number {
  return kept;
}
