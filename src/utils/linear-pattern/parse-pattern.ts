import type { AssertionKind, CharAtom, PatternFlags, PatternNode } from './pattern-node';
import { UnsupportedPattern } from './unsupported-pattern';

/*
 * The parser only reads patterns the native engine has already accepted with `flags`, so it does not
 * report syntax errors: it finds the structure (alternation, groups, quantifiers, assertions) and
 * the exact source of every one-character atom, which the native engine then tests on its own.
 * Anything it does not expect throws `UnsupportedPattern('unrecognised')`: the field then says its
 * format cannot be checked, which is safe, where a guess could refuse what the agent allows.
 *
 * Without `u`/`v` the grammar is the web-compatibility one (ECMAScript Annex B): `{`, `}` and `]`
 * may be literals, `\c` without a letter is a backslash, `\1` is an octal escape when the pattern
 * has fewer groups, `\k` is the letter k when it has no named group.
 */

const EMPTY: PatternNode = { type: 'empty' };
const BACKSLASH = 0x5c;
const BRACED_QUANTIFIER = /\{(\d+)(?:(,)(\d*))?\}/y;
const MODIFIERS = /([ims]*)(?:-([ims]*))?:/y;
const DIGITS = /\d+/y;
const HEX2 = /[\dA-Fa-f]{2}/y;
const HEX4 = /[\dA-Fa-f]{4}/y;
const CONTROL_LETTER = /[A-Za-z]/;
/** The `v`-mode properties whose values are strings (emoji sequences), not single code points. */
const STRING_PROPERTY =
  /\\p\{(?:Basic_Emoji|Emoji_Keycap_Sequence|RGI_Emoji(?:_Modifier_Sequence|_Flag_Sequence|_Tag_Sequence|_ZWJ_Sequence)?)\}/;
const LOOKAROUNDS = ['(?=', '(?!', '(?<=', '(?<!'];

/** Where `re` (sticky) matches `text` at `at`, or null. */
function matchAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

const isOctal = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '7';

/** The flags of `modifiers` turned on and off by a `(?ims-ims:` group, as a sorted string of those on. */
function applyModifiers(modifiers: string, on: string, off: string): string {
  return ['i', 'm', 's'].filter((flag) => (modifiers.includes(flag) || on.includes(flag)) && !off.includes(flag)).join('');
}

/** The end (just after `]`) of the class that opens at `start`. Classes nest only with `v`. */
function classEnd(source: string, start: number, nested: boolean): number {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[' && (nested || depth === 0)) depth++;
    else if (c === ']' && --depth === 0) return i + 1;
  }
  throw new UnsupportedPattern('unrecognised');
}

/** How many capturing groups the pattern has, and whether one is named (both change what `\1` and `\k` mean). */
function countGroups(source: string, flags: PatternFlags): { captures: number; named: boolean } {
  let captures = 0;
  let named = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') i = classEnd(source, i, flags === 'v') - 1;
    else if (c === '(') {
      if (source[i + 1] !== '?') captures++;
      else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
        captures++;
        named = true;
      }
    }
  }
  return { captures, named };
}

class Parser {
  private pos = 0;
  private readonly unicode: boolean;

  constructor(
    private readonly source: string,
    private readonly flags: PatternFlags,
    private readonly captures: number,
    private readonly named: boolean,
  ) {
    this.unicode = flags !== '';
  }

  parse(): PatternNode {
    const node = this.disjunction('');
    if (this.pos !== this.source.length) throw new UnsupportedPattern('unrecognised');
    return node;
  }

  private disjunction(modifiers: string): PatternNode {
    const options = [this.alternative(modifiers)];
    while (this.source[this.pos] === '|') {
      this.pos++;
      options.push(this.alternative(modifiers));
    }
    return options.length === 1 ? (options[0] as PatternNode) : { type: 'alternation', options };
  }

  private alternative(modifiers: string): PatternNode {
    const items: PatternNode[] = [];
    while (this.pos < this.source.length && this.source[this.pos] !== '|' && this.source[this.pos] !== ')') {
      items.push(this.term(modifiers));
    }
    if (items.length === 0) return EMPTY;
    return items.length === 1 ? (items[0] as PatternNode) : { type: 'sequence', items };
  }

  private term(modifiers: string): PatternNode {
    const { source, pos } = this;
    const assertion = (kind: AssertionKind, length: number): PatternNode => {
      this.pos += length;
      return { type: 'assertion', kind, modifiers };
    };
    if (source[pos] === '^') return assertion('start', 1);
    if (source[pos] === '$') return assertion('end', 1);
    if (source.startsWith('\\b', pos)) return assertion('word', 2);
    if (source.startsWith('\\B', pos)) return assertion('not-word', 2);
    if (LOOKAROUNDS.some((opening) => source.startsWith(opening, pos))) throw new UnsupportedPattern('lookaround');
    return this.quantified(this.atom(modifiers));
  }

  private quantified(body: PatternNode): PatternNode {
    let min: number;
    let max: number;
    const c = this.source[this.pos];
    if (c === '*' || c === '+' || c === '?') {
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
      this.pos++;
    } else if (c === '{') {
      const braces = matchAt(BRACED_QUANTIFIER, this.source, this.pos);
      // Without u/v a `{` that is no quantifier is a literal, read as the next atom.
      if (braces === null) return body;
      min = Number(braces[1]);
      max = braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3]);
      this.pos += braces[0].length;
    } else {
      return body;
    }
    // Lazy or greedy, the same strings match as a whole.
    if (this.source[this.pos] === '?') this.pos++;
    return { type: 'repeat', body, min, max };
  }

  private atom(modifiers: string): PatternNode {
    const c = this.source[this.pos];
    switch (c) {
      case '.':
        this.pos++;
        return { type: 'char', atom: { kind: 'native', source: '.' }, modifiers };
      case '(':
        return this.group(modifiers);
      case '[':
        return this.characterClass(modifiers);
      case '\\':
        return this.escape(modifiers);
      case '*':
      case '+':
      case '?':
        throw new UnsupportedPattern('unrecognised');
      default:
        if (c === '{' && matchAt(BRACED_QUANTIFIER, this.source, this.pos) !== null) {
          throw new UnsupportedPattern('unrecognised');
        }
        if (this.unicode && (c === '{' || c === '}' || c === ']')) throw new UnsupportedPattern('unrecognised');
        return this.literal(this.readCharacter(this.pos), modifiers);
    }
  }

  /** The code point (with u/v) or UTF-16 unit (without) at `at`; `pos` moves past it. */
  private readCharacter(at: number): number {
    const code = (this.unicode ? this.source.codePointAt(at) : this.source.charCodeAt(at)) ?? NaN;
    if (Number.isNaN(code)) throw new UnsupportedPattern('unrecognised');
    this.pos = at + (code > 0xffff ? 2 : 1);
    return code;
  }

  private literal(codePoint: number, modifiers: string): PatternNode {
    return { type: 'char', atom: { kind: 'literal', codePoint }, modifiers };
  }

  private native(source: string, modifiers: string): PatternNode {
    this.pos += source.length;
    const atom: CharAtom = { kind: 'native', source };
    return { type: 'char', atom, modifiers };
  }

  private group(modifiers: string): PatternNode {
    const { source } = this;
    let inner = modifiers;
    if (source[this.pos + 1] !== '?') {
      this.pos += 1;
    } else if (source[this.pos + 2] === ':') {
      this.pos += 3;
    } else if (source[this.pos + 2] === '<') {
      const close = source.indexOf('>', this.pos + 3);
      if (close < 0) throw new UnsupportedPattern('unrecognised');
      this.pos = close + 1;
    } else {
      const change = matchAt(MODIFIERS, source, this.pos + 2);
      if (change === null) throw new UnsupportedPattern('unrecognised');
      inner = applyModifiers(modifiers, change[1] ?? '', change[2] ?? '');
      this.pos += 2 + change[0].length;
    }
    const body = this.disjunction(inner);
    if (source[this.pos] !== ')') throw new UnsupportedPattern('unrecognised');
    this.pos++;
    return body;
  }

  private characterClass(modifiers: string): PatternNode {
    const end = classEnd(this.source, this.pos, this.flags === 'v');
    const text = this.source.slice(this.pos, end);
    const emoji = STRING_PROPERTY.test(text);
    if (this.flags === 'v' && (emoji || text.includes('\\q{'))) {
      this.pos = end;
      return { type: 'strings', source: text, modifiers, emoji };
    }
    return this.native(text, modifiers);
  }

  private escape(modifiers: string): PatternNode {
    const { source, pos, unicode } = this;
    const c = source[pos + 1];
    if (c === undefined) throw new UnsupportedPattern('unrecognised');
    if (c >= '1' && c <= '9') {
      const digits = matchAt(DIGITS, source, pos + 1)?.[0] ?? c;
      if (unicode || Number(digits) <= this.captures) throw new UnsupportedPattern('backreference');
      // Annex B: \8 and \9 are the digits, \1–\7 start an octal escape.
      return c >= '8' ? this.native(`\\${c}`, modifiers) : this.octal(modifiers);
    }
    switch (c) {
      case '0':
        return unicode ? this.native('\\0', modifiers) : this.octal(modifiers);
      case 'k':
        if (unicode || this.named) throw new UnsupportedPattern('backreference');
        return this.native('\\k', modifiers);
      case 'p':
      case 'P': {
        if (!unicode) return this.native(`\\${c}`, modifiers);
        const close = source.indexOf('}', pos);
        if (close < 0) throw new UnsupportedPattern('unrecognised');
        const text = source.slice(pos, close + 1);
        if (this.flags === 'v' && STRING_PROPERTY.test(text)) {
          this.pos = close + 1;
          return { type: 'strings', source: text, modifiers, emoji: true };
        }
        return this.native(text, modifiers);
      }
      case 'c':
        if (CONTROL_LETTER.test(source[pos + 2] ?? '')) return this.native(source.slice(pos, pos + 3), modifiers);
        if (unicode) throw new UnsupportedPattern('unrecognised');
        // Annex B: a backslash, then "c" read as the next atom.
        this.pos += 1;
        return this.literal(BACKSLASH, modifiers);
      case 'x':
        if (matchAt(HEX2, source, pos + 2) !== null) return this.native(source.slice(pos, pos + 4), modifiers);
        return this.identity(modifiers);
      case 'u':
        return this.unicodeEscape(modifiers);
      default:
        return this.identity(modifiers);
    }
  }

  /** `\` and the character after it: `\d`, `\n`, `\.`, and (without u/v) `\a` for "a". */
  private identity(modifiers: string): PatternNode {
    const start = this.pos;
    this.readCharacter(start + 1);
    const text = this.source.slice(start, this.pos);
    this.pos = start;
    return this.native(text, modifiers);
  }

  /** Annex B octal: `\0`–`\377`, as many digits as keep the value below 256. */
  private octal(modifiers: string): PatternNode {
    const { source, pos } = this;
    let length = 2;
    if (isOctal(source[pos + 2])) {
      length = 3;
      if ((source[pos + 1] ?? '') <= '3' && isOctal(source[pos + 3])) length = 4;
    }
    return this.native(source.slice(pos, pos + length), modifiers);
  }

  private unicodeEscape(modifiers: string): PatternNode {
    const { source, pos } = this;
    if (this.unicode && source[pos + 2] === '{') {
      const close = source.indexOf('}', pos);
      if (close < 0) throw new UnsupportedPattern('unrecognised');
      return this.native(source.slice(pos, close + 1), modifiers);
    }
    if (matchAt(HEX4, source, pos + 2) === null) {
      if (this.unicode) throw new UnsupportedPattern('unrecognised');
      return this.identity(modifiers);
    }
    const unit = parseInt(source.slice(pos + 2, pos + 6), 16);
    // With u/v, "\uD83D\uDE00" is one code point, as the native engine reads it.
    if (this.unicode && unit >= 0xd800 && unit <= 0xdbff && source.startsWith('\\u', pos + 6) && matchAt(HEX4, source, pos + 8) !== null) {
      const trail = parseInt(source.slice(pos + 8, pos + 12), 16);
      if (trail >= 0xdc00 && trail <= 0xdfff) return this.native(source.slice(pos, pos + 12), modifiers);
    }
    return this.native(source.slice(pos, pos + 6), modifiers);
  }
}

/**
 * Parses `source`, a pattern the native engine accepts with `flags`, into the parts that decide
 * which strings match it. Throws `UnsupportedPattern` for backreferences, lookarounds and syntax it
 * does not read.
 */
export function parsePattern(source: string, flags: PatternFlags): PatternNode {
  const { captures, named } = countGroups(source, flags);
  return new Parser(source, flags, captures, named).parse();
}
