import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
import * as __WEBPACK_EXTERNAL_MODULE__undici_cjs_819c67ae__ from "./undici.cjs";
/******/ var __webpack_modules__ = ({

/***/ 4006:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const pico = __nccwpck_require__(8016);
const utils = __nccwpck_require__(4059);

function picomatch(glob, options, returnState = false) {
  // default to os.platform()
  if (options && (options.windows === null || options.windows === undefined)) {
    // don't mutate the original options object
    options = { ...options, windows: utils.isWindows() };
  }

  return pico(glob, options, returnState);
}

Object.assign(picomatch, pico);
module.exports = picomatch;


/***/ }),

/***/ 5595:
/***/ ((module) => {



const WIN_SLASH = '\\\\/';
const WIN_NO_SLASH = `[^${WIN_SLASH}]`;

const DEFAULT_MAX_EXTGLOB_RECURSION = 0;

/**
 * Posix glob regex
 */

const DOT_LITERAL = '\\.';
const PLUS_LITERAL = '\\+';
const QMARK_LITERAL = '\\?';
const SLASH_LITERAL = '\\/';
const ONE_CHAR = '(?=.)';
const QMARK = '[^/]';
const END_ANCHOR = `(?:${SLASH_LITERAL}|$)`;
const START_ANCHOR = `(?:^|${SLASH_LITERAL})`;
const DOTS_SLASH = `${DOT_LITERAL}{1,2}${END_ANCHOR}`;
const NO_DOT = `(?!${DOT_LITERAL})`;
const NO_DOTS = `(?!${START_ANCHOR}${DOTS_SLASH})`;
const NO_DOT_SLASH = `(?!${DOT_LITERAL}{0,1}${END_ANCHOR})`;
const NO_DOTS_SLASH = `(?!${DOTS_SLASH})`;
const QMARK_NO_DOT = `[^.${SLASH_LITERAL}]`;
const STAR = `${QMARK}*?`;
const SEP = '/';

const POSIX_CHARS = {
  DOT_LITERAL,
  PLUS_LITERAL,
  QMARK_LITERAL,
  SLASH_LITERAL,
  ONE_CHAR,
  QMARK,
  END_ANCHOR,
  DOTS_SLASH,
  NO_DOT,
  NO_DOTS,
  NO_DOT_SLASH,
  NO_DOTS_SLASH,
  QMARK_NO_DOT,
  STAR,
  START_ANCHOR,
  SEP
};

/**
 * Windows glob regex
 */

const WINDOWS_CHARS = {
  ...POSIX_CHARS,

  SLASH_LITERAL: `[${WIN_SLASH}]`,
  QMARK: WIN_NO_SLASH,
  STAR: `${WIN_NO_SLASH}*?`,
  DOTS_SLASH: `${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$)`,
  NO_DOT: `(?!${DOT_LITERAL})`,
  NO_DOTS: `(?!(?:^|[${WIN_SLASH}])${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
  NO_DOT_SLASH: `(?!${DOT_LITERAL}{0,1}(?:[${WIN_SLASH}]|$))`,
  NO_DOTS_SLASH: `(?!${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
  QMARK_NO_DOT: `[^.${WIN_SLASH}]`,
  START_ANCHOR: `(?:^|[${WIN_SLASH}])`,
  END_ANCHOR: `(?:[${WIN_SLASH}]|$)`,
  SEP: '\\'
};

/**
 * POSIX Bracket Regex
 */

const POSIX_REGEX_SOURCE = {
  __proto__: null,
  alnum: 'a-zA-Z0-9',
  alpha: 'a-zA-Z',
  ascii: '\\x00-\\x7F',
  blank: ' \\t',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '\\x21-\\x7E',
  lower: 'a-z',
  print: '\\x20-\\x7E ',
  punct: '\\-!"#$%&\'()\\*+,./:;<=>?@[\\]^_`{|}~',
  space: ' \\t\\r\\n\\v\\f',
  upper: 'A-Z',
  word: 'A-Za-z0-9_',
  xdigit: 'A-Fa-f0-9'
};

module.exports = {
  DEFAULT_MAX_EXTGLOB_RECURSION,
  MAX_LENGTH: 1024 * 64,
  POSIX_REGEX_SOURCE,

  // regular expressions
  REGEX_BACKSLASH: /\\(?![*+?^${}(|)[\]])/g,
  REGEX_NON_SPECIAL_CHARS: /^[^@![\].,$*+?^{}()|\\/]+/,
  REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\]]/,
  REGEX_SPECIAL_CHARS_BACKREF: /(\\?)((\W)(\3*))/g,
  REGEX_SPECIAL_CHARS_GLOBAL: /([-*+?.^${}(|)[\]])/g,
  REGEX_REMOVE_BACKSLASH: /(?:\[.*?[^\\]\]|\\(?=.))/g,

  // Replace globs with equivalent patterns to reduce parsing time.
  REPLACEMENTS: {
    __proto__: null,
    '***': '*',
    '**/**': '**',
    '**/**/**': '**'
  },

  // Digits
  CHAR_0: 48, /* 0 */
  CHAR_9: 57, /* 9 */

  // Alphabet chars.
  CHAR_UPPERCASE_A: 65, /* A */
  CHAR_LOWERCASE_A: 97, /* a */
  CHAR_UPPERCASE_Z: 90, /* Z */
  CHAR_LOWERCASE_Z: 122, /* z */

  CHAR_LEFT_PARENTHESES: 40, /* ( */
  CHAR_RIGHT_PARENTHESES: 41, /* ) */

  CHAR_ASTERISK: 42, /* * */

  // Non-alphabetic chars.
  CHAR_AMPERSAND: 38, /* & */
  CHAR_AT: 64, /* @ */
  CHAR_BACKWARD_SLASH: 92, /* \ */
  CHAR_CARRIAGE_RETURN: 13, /* \r */
  CHAR_CIRCUMFLEX_ACCENT: 94, /* ^ */
  CHAR_COLON: 58, /* : */
  CHAR_COMMA: 44, /* , */
  CHAR_DOT: 46, /* . */
  CHAR_DOUBLE_QUOTE: 34, /* " */
  CHAR_EQUAL: 61, /* = */
  CHAR_EXCLAMATION_MARK: 33, /* ! */
  CHAR_FORM_FEED: 12, /* \f */
  CHAR_FORWARD_SLASH: 47, /* / */
  CHAR_GRAVE_ACCENT: 96, /* ` */
  CHAR_HASH: 35, /* # */
  CHAR_HYPHEN_MINUS: 45, /* - */
  CHAR_LEFT_ANGLE_BRACKET: 60, /* < */
  CHAR_LEFT_CURLY_BRACE: 123, /* { */
  CHAR_LEFT_SQUARE_BRACKET: 91, /* [ */
  CHAR_LINE_FEED: 10, /* \n */
  CHAR_NO_BREAK_SPACE: 160, /* \u00A0 */
  CHAR_PERCENT: 37, /* % */
  CHAR_PLUS: 43, /* + */
  CHAR_QUESTION_MARK: 63, /* ? */
  CHAR_RIGHT_ANGLE_BRACKET: 62, /* > */
  CHAR_RIGHT_CURLY_BRACE: 125, /* } */
  CHAR_RIGHT_SQUARE_BRACKET: 93, /* ] */
  CHAR_SEMICOLON: 59, /* ; */
  CHAR_SINGLE_QUOTE: 39, /* ' */
  CHAR_SPACE: 32, /*   */
  CHAR_TAB: 9, /* \t */
  CHAR_UNDERSCORE: 95, /* _ */
  CHAR_VERTICAL_LINE: 124, /* | */
  CHAR_ZERO_WIDTH_NOBREAK_SPACE: 65279, /* \uFEFF */

  /**
   * Create EXTGLOB_CHARS
   */

  extglobChars(chars) {
    return {
      '!': { type: 'negate', open: '(?:(?!(?:', close: `))${chars.STAR})` },
      '?': { type: 'qmark', open: '(?:', close: ')?' },
      '+': { type: 'plus', open: '(?:', close: ')+' },
      '*': { type: 'star', open: '(?:', close: ')*' },
      '@': { type: 'at', open: '(?:', close: ')' }
    };
  },

  /**
   * Create GLOB_CHARS
   */

  globChars(win32) {
    return win32 === true ? WINDOWS_CHARS : POSIX_CHARS;
  }
};


/***/ }),

/***/ 8265:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const constants = __nccwpck_require__(5595);
const utils = __nccwpck_require__(4059);

/**
 * Constants
 */

const {
  MAX_LENGTH,
  POSIX_REGEX_SOURCE,
  REGEX_NON_SPECIAL_CHARS,
  REGEX_SPECIAL_CHARS_BACKREF,
  REPLACEMENTS
} = constants;

/**
 * Helpers
 */

const expandRange = (args, options) => {
  if (typeof options.expandRange === 'function') {
    return options.expandRange(...args, options);
  }

  args.sort();
  const value = `[${args.join('-')}]`;

  try {
    /* eslint-disable-next-line no-new */
    new RegExp(value);
  } catch (ex) {
    return args.map(v => utils.escapeRegex(v)).join('..');
  }

  return value;
};

/**
 * Create the message for a syntax error
 */

const syntaxError = (type, char) => {
  return `Missing ${type}: "${char}" - use "\\\\${char}" to match literal characters`;
};

const splitTopLevel = input => {
  const parts = [];
  let bracket = 0;
  let paren = 0;
  let quote = 0;
  let value = '';
  let escaped = false;

  for (const ch of input) {
    if (escaped === true) {
      value += ch;
      escaped = false;
      continue;
    }

    if (ch === '\\') {
      value += ch;
      escaped = true;
      continue;
    }

    if (ch === '"') {
      quote = quote === 1 ? 0 : 1;
      value += ch;
      continue;
    }

    if (quote === 0) {
      if (ch === '[') {
        bracket++;
      } else if (ch === ']' && bracket > 0) {
        bracket--;
      } else if (bracket === 0) {
        if (ch === '(') {
          paren++;
        } else if (ch === ')' && paren > 0) {
          paren--;
        } else if (ch === '|' && paren === 0) {
          parts.push(value);
          value = '';
          continue;
        }
      }
    }

    value += ch;
  }

  parts.push(value);
  return parts;
};

const isPlainBranch = branch => {
  let escaped = false;

  for (const ch of branch) {
    if (escaped === true) {
      escaped = false;
      continue;
    }

    if (ch === '\\') {
      escaped = true;
      continue;
    }

    if (/[?*+@!()[\]{}]/.test(ch)) {
      return false;
    }
  }

  return true;
};

const normalizeSimpleBranch = branch => {
  let value = branch.trim();
  let changed = true;

  while (changed === true) {
    changed = false;

    if (/^@\([^\\()[\]{}|]+\)$/.test(value)) {
      value = value.slice(2, -1);
      changed = true;
    }
  }

  if (!isPlainBranch(value)) {
    return;
  }

  return value.replace(/\\(.)/g, '$1');
};

const hasRepeatedCharPrefixOverlap = branches => {
  const values = branches.map(normalizeSimpleBranch).filter(Boolean);

  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) {
      const a = values[i];
      const b = values[j];
      const char = a[0];

      if (!char || a !== char.repeat(a.length) || b !== char.repeat(b.length)) {
        continue;
      }

      if (a === b || a.startsWith(b) || b.startsWith(a)) {
        return true;
      }
    }
  }

  return false;
};

const parseRepeatedExtglob = (pattern, requireEnd = true) => {
  if ((pattern[0] !== '+' && pattern[0] !== '*') || pattern[1] !== '(') {
    return;
  }

  let bracket = 0;
  let paren = 0;
  let quote = 0;
  let escaped = false;

  for (let i = 1; i < pattern.length; i++) {
    const ch = pattern[i];

    if (escaped === true) {
      escaped = false;
      continue;
    }

    if (ch === '\\') {
      escaped = true;
      continue;
    }

    if (ch === '"') {
      quote = quote === 1 ? 0 : 1;
      continue;
    }

    if (quote === 1) {
      continue;
    }

    if (ch === '[') {
      bracket++;
      continue;
    }

    if (ch === ']' && bracket > 0) {
      bracket--;
      continue;
    }

    if (bracket > 0) {
      continue;
    }

    if (ch === '(') {
      paren++;
      continue;
    }

    if (ch === ')') {
      paren--;

      if (paren === 0) {
        if (requireEnd === true && i !== pattern.length - 1) {
          return;
        }

        return {
          type: pattern[0],
          body: pattern.slice(2, i),
          end: i
        };
      }
    }
  }
};

const buildCharClassStar = chars => {
  const source = chars.length === 1
    ? utils.escapeRegex(chars[0])
    : `[${chars.map(ch => utils.escapeRegex(ch)).join('')}]`;

  return `${source}*`;
};

const getStarExtglobSequenceChars = pattern => {
  let index = 0;
  const chars = [];

  while (index < pattern.length) {
    const match = parseRepeatedExtglob(pattern.slice(index), false);

    if (!match || match.type !== '*') {
      return;
    }

    const branches = splitTopLevel(match.body).map(branch => branch.trim());
    if (branches.length !== 1) {
      return;
    }

    const branch = normalizeSimpleBranch(branches[0]);
    if (!branch || branch.length !== 1) {
      return;
    }

    chars.push(branch);
    index += match.end + 1;
  }

  if (chars.length < 1) {
    return;
  }

  return chars;
};

const repeatedExtglobRecursion = pattern => {
  let depth = 0;
  let value = pattern.trim();
  let match = parseRepeatedExtglob(value);

  while (match) {
    depth++;
    value = match.body.trim();
    match = parseRepeatedExtglob(value);
  }

  return depth;
};

const analyzeRepeatedExtglob = (body, options) => {
  if (options.maxExtglobRecursion === false) {
    return { risky: false };
  }

  const max =
    typeof options.maxExtglobRecursion === 'number'
      ? options.maxExtglobRecursion
      : constants.DEFAULT_MAX_EXTGLOB_RECURSION;

  const branches = splitTopLevel(body).map(branch => branch.trim());

  if (branches.length > 1) {
    if (
      branches.some(branch => branch === '') ||
      branches.some(branch => /^[*?]+$/.test(branch)) ||
      hasRepeatedCharPrefixOverlap(branches)
    ) {
      return { risky: true };
    }
  }

  // A repeated extglob is "risky" (prone to catastrophic backtracking) when a
  // branch is itself a `*(...)` sequence, since that nests an unbounded quantifier
  // inside the outer `+(...)`/`*(...)`. When *every* branch reduces to single
  // characters we can emit one flat, ReDoS-safe character class that preserves the
  // meaning of ALL branches (e.g. `+(*(a)|*(b))` -> `[ab]*`), rather than dropping
  // every branch but the first.
  const safeChars = [];
  let sawStarSequence = false;
  let combinable = true;

  for (const branch of branches) {
    const chars = getStarExtglobSequenceChars(branch);
    if (chars) {
      sawStarSequence = true;
      safeChars.push(...chars);
      continue;
    }

    const literal = normalizeSimpleBranch(branch);
    if (literal && literal.length === 1) {
      safeChars.push(literal);
      continue;
    }

    combinable = false;

    if (repeatedExtglobRecursion(branch) > max) {
      return { risky: true };
    }
  }

  if (sawStarSequence) {
    return combinable
      ? { risky: true, safeOutput: buildCharClassStar([...new Set(safeChars)]) }
      : { risky: true };
  }

  return { risky: false };
};

/**
 * Parse the given input string.
 * @param {String} input
 * @param {Object} options
 * @return {Object}
 */

const parse = (input, options) => {
  if (typeof input !== 'string') {
    throw new TypeError('Expected a string');
  }

  input = REPLACEMENTS[input] || input;

  const opts = { ...options };
  const max = typeof opts.maxLength === 'number' ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;

  let len = input.length;
  if (len > max) {
    throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
  }

  const bos = { type: 'bos', value: '', output: opts.prepend || '' };
  const tokens = [bos];

  const capture = opts.capture ? '' : '?:';

  // create constants based on platform, for windows or posix
  const PLATFORM_CHARS = constants.globChars(opts.windows);
  const EXTGLOB_CHARS = constants.extglobChars(PLATFORM_CHARS);

  const {
    DOT_LITERAL,
    PLUS_LITERAL,
    SLASH_LITERAL,
    ONE_CHAR,
    DOTS_SLASH,
    NO_DOT,
    NO_DOT_SLASH,
    NO_DOTS_SLASH,
    QMARK,
    QMARK_NO_DOT,
    STAR,
    START_ANCHOR
  } = PLATFORM_CHARS;

  const globstar = opts => {
    return `(${capture}(?:(?!${START_ANCHOR}${opts.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
  };

  const nodot = opts.dot ? '' : NO_DOT;
  const qmarkNoDot = opts.dot ? QMARK : QMARK_NO_DOT;
  let star = opts.bash === true ? globstar(opts) : STAR;

  if (opts.capture) {
    star = `(${star})`;
  }

  // minimatch options support
  if (typeof opts.noext === 'boolean') {
    opts.noextglob = opts.noext;
  }

  const state = {
    input,
    index: -1,
    start: 0,
    dot: opts.dot === true,
    consumed: '',
    output: '',
    prefix: '',
    backtrack: false,
    negated: false,
    brackets: 0,
    braces: 0,
    parens: 0,
    quotes: 0,
    globstar: false,
    tokens
  };

  input = utils.removePrefix(input, state);
  len = input.length;

  const extglobs = [];
  const braces = [];
  const stack = [];
  let prev = bos;
  let value;

  /**
   * Tokenizing helpers
   */

  const eos = () => state.index === len - 1;
  const peek = state.peek = (n = 1) => input[state.index + n];
  const advance = state.advance = () => input[++state.index] || '';
  const remaining = () => input.slice(state.index + 1);
  const consume = (value = '', num = 0) => {
    state.consumed += value;
    state.index += num;
  };

  const append = token => {
    state.output += token.output != null ? token.output : token.value;
    consume(token.value);
  };

  const negate = () => {
    let count = 1;

    while (peek() === '!' && (peek(2) !== '(' || peek(3) === '?')) {
      advance();
      state.start++;
      count++;
    }

    if (count % 2 === 0) {
      return false;
    }

    state.negated = true;
    state.start++;
    return true;
  };

  const increment = type => {
    state[type]++;
    stack.push(type);
  };

  const decrement = type => {
    state[type]--;
    stack.pop();
  };

  /**
   * Push tokens onto the tokens array. This helper speeds up
   * tokenizing by 1) helping us avoid backtracking as much as possible,
   * and 2) helping us avoid creating extra tokens when consecutive
   * characters are plain text. This improves performance and simplifies
   * lookbehinds.
   */

  const push = tok => {
    if (prev.type === 'globstar') {
      const isBrace = state.braces > 0 && (tok.type === 'comma' || tok.type === 'brace');
      const isExtglob = tok.extglob === true || (extglobs.length && (tok.type === 'pipe' || tok.type === 'paren'));

      if (tok.type !== 'slash' && tok.type !== 'paren' && !isBrace && !isExtglob) {
        state.output = state.output.slice(0, -prev.output.length);
        prev.type = 'star';
        prev.value = '*';
        prev.output = star;
        state.output += prev.output;
      }
    }

    if (extglobs.length && tok.type !== 'paren') {
      extglobs[extglobs.length - 1].inner += tok.value;
    }

    if (tok.value || tok.output) append(tok);
    if (prev && prev.type === 'text' && tok.type === 'text') {
      prev.output = (prev.output || prev.value) + tok.value;
      prev.value += tok.value;
      return;
    }

    tok.prev = prev;
    tokens.push(tok);
    prev = tok;
  };

  const extglobOpen = (type, value) => {
    const token = { ...EXTGLOB_CHARS[value], conditions: 1, inner: '' };

    token.prev = prev;
    token.parens = state.parens;
    token.output = state.output;
    token.startIndex = state.index;
    token.tokensIndex = tokens.length;
    const output = (opts.capture ? '(' : '') + token.open;

    increment('parens');
    push({ type, value, output: state.output ? '' : ONE_CHAR });
    push({ type: 'paren', extglob: true, value: advance(), output });
    extglobs.push(token);
  };

  const extglobClose = token => {
    const literal = input.slice(token.startIndex, state.index + 1);
    const body = input.slice(token.startIndex + 2, state.index);
    const analysis = analyzeRepeatedExtglob(body, opts);

    if ((token.type === 'plus' || token.type === 'star') && analysis.risky) {
      const safeOutput = analysis.safeOutput
        ? (token.output ? '' : ONE_CHAR) + (opts.capture ? `(${analysis.safeOutput})` : analysis.safeOutput)
        : undefined;
      const open = tokens[token.tokensIndex];

      open.type = 'text';
      open.value = literal;
      open.output = safeOutput || utils.escapeRegex(literal);

      for (let i = token.tokensIndex + 1; i < tokens.length; i++) {
        tokens[i].value = '';
        tokens[i].output = '';
        delete tokens[i].suffix;
      }

      state.output = token.output + open.output;
      state.backtrack = true;

      push({ type: 'paren', extglob: true, value, output: '' });
      decrement('parens');
      return;
    }

    let output = token.close + (opts.capture ? ')' : '');
    let rest;

    if (token.type === 'negate') {
      let extglobStar = star;

      if (token.inner && token.inner.length > 1 && token.inner.includes('/')) {
        extglobStar = globstar(opts);
      }

      if (extglobStar !== star || eos() || /^\)+$/.test(remaining())) {
        output = token.close = `)$))${extglobStar}`;
      }

      if (token.inner.includes('*') && (rest = remaining()) && /^\.[^\\/.]+$/.test(rest)) {
        // Any non-magical string (`.ts`) or even nested expression (`.{ts,tsx}`) can follow after the closing parenthesis.
        // In this case, we need to parse the string and use it in the output of the original pattern.
        // Suitable patterns: `/!(*.d).ts`, `/!(*.d).{ts,tsx}`, `**/!(*-dbg).@(js)`.
        //
        // Disabling the `fastpaths` option due to a problem with parsing strings as `.ts` in the pattern like `**/!(*.d).ts`.
        const expression = parse(rest, { ...options, fastpaths: false }).output;

        output = token.close = `)${expression})${extglobStar})`;
      }

      if (token.prev.type === 'bos') {
        state.negatedExtglob = true;
      }
    }

    push({ type: 'paren', extglob: true, value, output });
    decrement('parens');
  };

  /**
   * Fast paths
   */

  if (opts.fastpaths !== false && !/(^[*!]|[/()[\]{}"])/.test(input)) {
    let backslashes = false;

    let output = input.replace(REGEX_SPECIAL_CHARS_BACKREF, (m, esc, chars, first, rest, index) => {
      if (first === '\\') {
        backslashes = true;
        return m;
      }

      if (first === '?') {
        if (esc) {
          return esc + first + (rest ? QMARK.repeat(rest.length) : '');
        }
        if (index === 0) {
          return qmarkNoDot + (rest ? QMARK.repeat(rest.length) : '');
        }
        return QMARK.repeat(chars.length);
      }

      if (first === '.') {
        return DOT_LITERAL.repeat(chars.length);
      }

      if (first === '*') {
        if (esc) {
          return esc + first + (rest ? star : '');
        }
        return star;
      }
      return esc ? m : `\\${m}`;
    });

    if (backslashes === true) {
      if (opts.unescape === true) {
        output = output.replace(/\\/g, '');
      } else {
        output = output.replace(/\\+/g, m => {
          return m.length % 2 === 0 ? '\\\\' : (m ? '\\' : '');
        });
      }
    }

    if (output === input && opts.contains === true) {
      state.output = input;
      return state;
    }

    state.output = utils.wrapOutput(output, state, options);
    return state;
  }

  /**
   * Tokenize input until we reach end-of-string
   */

  while (!eos()) {
    value = advance();

    if (value === '\u0000') {
      continue;
    }

    /**
     * Escaped characters
     */

    if (value === '\\') {
      const next = peek();

      if (next === '/' && opts.bash !== true) {
        continue;
      }

      if (next === '.' || next === ';') {
        continue;
      }

      if (!next) {
        value += '\\';
        push({ type: 'text', value });
        continue;
      }

      // collapse slashes to reduce potential for exploits
      const match = /^\\+/.exec(remaining());
      let slashes = 0;

      if (match && match[0].length > 2) {
        slashes = match[0].length;
        state.index += slashes;
        if (slashes % 2 !== 0) {
          value += '\\';
        }
      }

      if (opts.unescape === true) {
        value = advance();
      } else {
        value += advance();
      }

      if (state.brackets === 0) {
        push({ type: 'text', value });
        continue;
      }
    }

    /**
     * If we're inside a regex character class, continue
     * until we reach the closing bracket.
     */

    if (state.brackets > 0 && (value !== ']' || prev.value === '[' || prev.value === '[^')) {
      if (opts.posix !== false && value === ':') {
        const inner = prev.value.slice(1);
        if (inner.includes('[')) {
          prev.posix = true;

          if (inner.includes(':')) {
            const idx = prev.value.lastIndexOf('[');
            const pre = prev.value.slice(0, idx);
            const rest = prev.value.slice(idx + 2);
            const posix = POSIX_REGEX_SOURCE[rest];
            if (posix) {
              prev.value = pre + posix;
              state.backtrack = true;
              advance();

              if (!bos.output && tokens.indexOf(prev) === 1) {
                bos.output = ONE_CHAR;
              }
              continue;
            }
          }
        }
      }

      if ((value === '[' && peek() !== ':') || (value === '-' && peek() === ']')) {
        value = `\\${value}`;
      }

      if (value === ']' && (prev.value === '[' || prev.value === '[^')) {
        value = `\\${value}`;
      }

      if (opts.posix === true && value === '!' && prev.value === '[') {
        value = '^';
      }

      prev.value += value;
      append({ value });
      continue;
    }

    /**
     * If we're inside a quoted string, continue
     * until we reach the closing double quote.
     */

    if (state.quotes === 1 && value !== '"') {
      value = utils.escapeRegex(value);
      prev.value += value;
      append({ value });
      continue;
    }

    /**
     * Double quotes
     */

    if (value === '"') {
      state.quotes = state.quotes === 1 ? 0 : 1;
      if (opts.keepQuotes === true) {
        push({ type: 'text', value });
      }
      continue;
    }

    /**
     * Parentheses
     */

    if (value === '(') {
      increment('parens');
      push({ type: 'paren', value });
      continue;
    }

    if (value === ')') {
      if (state.parens === 0 && opts.strictBrackets === true) {
        throw new SyntaxError(syntaxError('opening', '('));
      }

      const extglob = extglobs[extglobs.length - 1];
      if (extglob && state.parens === extglob.parens + 1) {
        extglobClose(extglobs.pop());
        continue;
      }

      push({ type: 'paren', value, output: state.parens ? ')' : '\\)' });
      decrement('parens');
      continue;
    }

    /**
     * Square brackets
     */

    if (value === '[') {
      if (opts.nobracket === true || !remaining().includes(']')) {
        if (opts.nobracket !== true && opts.strictBrackets === true) {
          throw new SyntaxError(syntaxError('closing', ']'));
        }

        value = `\\${value}`;
      } else {
        increment('brackets');
      }

      push({ type: 'bracket', value });
      continue;
    }

    if (value === ']') {
      if (opts.nobracket === true || (prev && prev.type === 'bracket' && prev.value.length === 1)) {
        push({ type: 'text', value, output: `\\${value}` });
        continue;
      }

      if (state.brackets === 0) {
        if (opts.strictBrackets === true) {
          throw new SyntaxError(syntaxError('opening', '['));
        }

        push({ type: 'text', value, output: `\\${value}` });
        continue;
      }

      decrement('brackets');

      const prevValue = prev.value.slice(1);
      if (prev.posix !== true && prevValue[0] === '^' && !prevValue.includes('/')) {
        value = `/${value}`;
      }

      prev.value += value;
      append({ value });

      // when literal brackets are explicitly disabled
      // assume we should match with a regex character class
      if (opts.literalBrackets === false || utils.hasRegexChars(prevValue)) {
        continue;
      }

      const escaped = utils.escapeRegex(prev.value);
      state.output = state.output.slice(0, -prev.value.length);

      // when literal brackets are explicitly enabled
      // assume we should escape the brackets to match literal characters
      if (opts.literalBrackets === true) {
        state.output += escaped;
        prev.value = escaped;
        continue;
      }

      // when the user specifies nothing, try to match both
      prev.value = `(${capture}${escaped}|${prev.value})`;
      state.output += prev.value;
      continue;
    }

    /**
     * Braces
     */

    if (value === '{' && opts.nobrace !== true) {
      increment('braces');

      const open = {
        type: 'brace',
        value,
        output: '(',
        outputIndex: state.output.length,
        tokensIndex: state.tokens.length
      };

      braces.push(open);
      push(open);
      continue;
    }

    if (value === '}') {
      const brace = braces[braces.length - 1];

      if (opts.nobrace === true || !brace) {
        push({ type: 'text', value, output: value });
        continue;
      }

      let output = ')';

      if (brace.dots === true) {
        const arr = tokens.slice();
        const range = [];

        for (let i = arr.length - 1; i >= 0; i--) {
          tokens.pop();
          if (arr[i].type === 'brace') {
            break;
          }
          if (arr[i].type !== 'dots') {
            range.unshift(arr[i].value);
          }
        }

        output = expandRange(range, opts);
        state.backtrack = true;
      }

      if (brace.comma !== true && brace.dots !== true) {
        const out = state.output.slice(0, brace.outputIndex);
        const toks = state.tokens.slice(brace.tokensIndex);
        brace.value = brace.output = '\\{';
        value = output = '\\}';
        state.output = out;
        for (const t of toks) {
          state.output += (t.output || t.value);
        }
      }

      push({ type: 'brace', value, output });
      decrement('braces');
      braces.pop();
      continue;
    }

    /**
     * Pipes
     */

    if (value === '|') {
      if (extglobs.length > 0) {
        extglobs[extglobs.length - 1].conditions++;
      }
      push({ type: 'text', value });
      continue;
    }

    /**
     * Commas
     */

    if (value === ',') {
      let output = value;

      const brace = braces[braces.length - 1];
      if (brace && stack[stack.length - 1] === 'braces') {
        brace.comma = true;
        output = '|';
      }

      push({ type: 'comma', value, output });
      continue;
    }

    /**
     * Slashes
     */

    if (value === '/') {
      // if the beginning of the glob is "./", advance the start
      // to the current index, and don't add the "./" characters
      // to the state. This greatly simplifies lookbehinds when
      // checking for BOS characters like "!" and "." (not "./")
      if (prev.type === 'dot' && state.index === state.start + 1) {
        state.start = state.index + 1;
        state.consumed = '';
        state.output = '';
        tokens.pop();
        prev = bos; // reset "prev" to the first token
        continue;
      }

      push({ type: 'slash', value, output: SLASH_LITERAL });
      continue;
    }

    /**
     * Dots
     */

    if (value === '.') {
      if (state.braces > 0 && prev.type === 'dot') {
        if (prev.value === '.') prev.output = DOT_LITERAL;
        const brace = braces[braces.length - 1];
        prev.type = 'dots';
        prev.output += value;
        prev.value += value;
        brace.dots = true;
        continue;
      }

      if ((state.braces + state.parens) === 0 && prev.type !== 'bos' && prev.type !== 'slash') {
        push({ type: 'text', value, output: DOT_LITERAL });
        continue;
      }

      push({ type: 'dot', value, output: DOT_LITERAL });
      continue;
    }

    /**
     * Question marks
     */

    if (value === '?') {
      const isGroup = prev && prev.value === '(';
      if (!isGroup && opts.noextglob !== true && peek() === '(' && peek(2) !== '?') {
        extglobOpen('qmark', value);
        continue;
      }

      if (prev && prev.type === 'paren') {
        const next = peek();
        let output = value;

        if ((prev.value === '(' && !/[!=<:]/.test(next)) || (next === '<' && !/<([!=]|\w+>)/.test(remaining()))) {
          output = `\\${value}`;
        }

        push({ type: 'text', value, output });
        continue;
      }

      if (opts.dot !== true && (prev.type === 'slash' || prev.type === 'bos')) {
        push({ type: 'qmark', value, output: QMARK_NO_DOT });
        continue;
      }

      push({ type: 'qmark', value, output: QMARK });
      continue;
    }

    /**
     * Exclamation
     */

    if (value === '!') {
      if (opts.noextglob !== true && peek() === '(') {
        if (peek(2) !== '?' || !/[!=<:]/.test(peek(3))) {
          extglobOpen('negate', value);
          continue;
        }
      }

      if (opts.nonegate !== true && state.index === 0) {
        negate();
        continue;
      }
    }

    /**
     * Plus
     */

    if (value === '+') {
      if (opts.noextglob !== true && peek() === '(' && peek(2) !== '?') {
        extglobOpen('plus', value);
        continue;
      }

      if ((prev && prev.value === '(') || opts.regex === false) {
        push({ type: 'plus', value, output: PLUS_LITERAL });
        continue;
      }

      if ((prev && (prev.type === 'bracket' || prev.type === 'paren' || prev.type === 'brace')) || state.parens > 0) {
        push({ type: 'plus', value });
        continue;
      }

      push({ type: 'plus', value: PLUS_LITERAL });
      continue;
    }

    /**
     * Plain text
     */

    if (value === '@') {
      if (opts.noextglob !== true && peek() === '(' && peek(2) !== '?') {
        push({ type: 'at', extglob: true, value, output: '' });
        continue;
      }

      push({ type: 'text', value });
      continue;
    }

    /**
     * Plain text
     */

    if (value !== '*') {
      if (value === '$' || value === '^') {
        value = `\\${value}`;
      }

      const match = REGEX_NON_SPECIAL_CHARS.exec(remaining());
      if (match) {
        value += match[0];
        state.index += match[0].length;
      }

      push({ type: 'text', value });
      continue;
    }

    /**
     * Stars
     */

    if (prev && (prev.type === 'globstar' || prev.star === true)) {
      prev.type = 'star';
      prev.star = true;
      prev.value += value;
      prev.output = star;
      state.backtrack = true;
      state.globstar = true;
      consume(value);
      continue;
    }

    let rest = remaining();
    if (opts.noextglob !== true && /^\([^?]/.test(rest)) {
      extglobOpen('star', value);
      continue;
    }

    if (prev.type === 'star') {
      if (opts.noglobstar === true) {
        consume(value);
        continue;
      }

      const prior = prev.prev;
      const before = prior.prev;
      const isStart = prior.type === 'slash' || prior.type === 'bos';
      const afterStar = before && (before.type === 'star' || before.type === 'globstar');

      if (opts.bash === true && (!isStart || (rest[0] && rest[0] !== '/'))) {
        push({ type: 'star', value, output: '' });
        continue;
      }

      const isBrace = state.braces > 0 && (prior.type === 'comma' || prior.type === 'brace');
      const isExtglob = extglobs.length && (prior.type === 'pipe' || prior.type === 'paren');
      if (!isStart && prior.type !== 'paren' && !isBrace && !isExtglob) {
        push({ type: 'star', value, output: '' });
        continue;
      }

      // strip consecutive `/**/`
      while (rest.slice(0, 3) === '/**') {
        const after = input[state.index + 4];
        if (after && after !== '/') {
          break;
        }
        rest = rest.slice(3);
        consume('/**', 3);
      }

      // A globstar followed only by balanced closing parens is at the logical end of patterns like
      // `test(/utils/**)` and `test?(/utils/**)`. Treat it as EOS so the trailing `/**` can match its
      // parent path, except in negated extglobs where that would change the exclusion semantics.
      const isEnd = eos() || (
        state.parens > 0
        && rest === ')'.repeat(state.parens)
        && !extglobs.some(extglob => extglob.type === 'negate')
      );

      if (prior.type === 'bos' && eos()) {
        prev.type = 'globstar';
        prev.value += value;
        prev.output = globstar(opts);
        state.output = prev.output;
        state.globstar = true;
        consume(value);
        continue;
      }

      if (prior.type === 'slash' && prior.prev.type !== 'bos' && !afterStar && isEnd) {
        state.output = state.output.slice(0, -(prior.output + prev.output).length);
        prior.output = `(?:${prior.output}`;

        prev.type = 'globstar';
        prev.output = globstar(opts) + (opts.strictSlashes ? ')' : '|$)');
        prev.value += value;
        state.globstar = true;
        state.output += prior.output + prev.output;
        consume(value);
        continue;
      }

      if (prior.type === 'slash' && prior.prev.type !== 'bos' && rest[0] === '/') {
        const end = rest[1] !== void 0 ? '|$' : '';

        state.output = state.output.slice(0, -(prior.output + prev.output).length);
        prior.output = `(?:${prior.output}`;

        prev.type = 'globstar';
        prev.output = `${globstar(opts)}${SLASH_LITERAL}|${SLASH_LITERAL}${end})`;
        prev.value += value;

        state.output += prior.output + prev.output;
        state.globstar = true;

        consume(value + advance());

        push({ type: 'slash', value: '/', output: '' });
        continue;
      }

      if (prior.type === 'bos' && rest[0] === '/') {
        prev.type = 'globstar';
        prev.value += value;
        prev.output = `(?:^|${SLASH_LITERAL}|${globstar(opts)}${SLASH_LITERAL})`;
        state.output = prev.output;
        state.globstar = true;
        consume(value + advance());
        push({ type: 'slash', value: '/', output: '' });
        continue;
      }

      // remove single star from output
      state.output = state.output.slice(0, -prev.output.length);

      // reset previous token to globstar
      prev.type = 'globstar';
      prev.output = globstar(opts);
      prev.value += value;

      // reset output with globstar
      state.output += prev.output;
      state.globstar = true;
      consume(value);
      continue;
    }

    const token = { type: 'star', value, output: star };

    if (opts.bash === true) {
      token.output = '.*?';
      if (prev.type === 'bos' || prev.type === 'slash') {
        token.output = nodot + token.output;
      }
      push(token);
      continue;
    }

    if (prev && (prev.type === 'bracket' || prev.type === 'paren') && opts.regex === true) {
      token.output = value;
      push(token);
      continue;
    }

    if (state.index === state.start || prev.type === 'slash' || prev.type === 'dot') {
      if (prev.type === 'dot') {
        state.output += NO_DOT_SLASH;
        prev.output += NO_DOT_SLASH;

      } else if (opts.dot === true) {
        state.output += NO_DOTS_SLASH;
        prev.output += NO_DOTS_SLASH;

      } else {
        state.output += nodot;
        prev.output += nodot;
      }

      if (peek() !== '*') {
        state.output += ONE_CHAR;
        prev.output += ONE_CHAR;
      }
    }

    push(token);
  }

  while (state.brackets > 0) {
    if (opts.strictBrackets === true) throw new SyntaxError(syntaxError('closing', ']'));
    state.output = utils.escapeLast(state.output, '[');
    decrement('brackets');
  }

  while (state.parens > 0) {
    if (opts.strictBrackets === true) throw new SyntaxError(syntaxError('closing', ')'));
    state.output = utils.escapeLast(state.output, '(');
    decrement('parens');
  }

  while (state.braces > 0) {
    if (opts.strictBrackets === true) throw new SyntaxError(syntaxError('closing', '}'));
    state.output = utils.escapeLast(state.output, '{');
    decrement('braces');
  }

  if (opts.strictSlashes !== true && (prev.type === 'star' || prev.type === 'bracket')) {
    push({ type: 'maybe_slash', value: '', output: `${SLASH_LITERAL}?` });
  }

  // rebuild the output if we had to backtrack at any point
  if (state.backtrack === true) {
    state.output = '';

    for (const token of state.tokens) {
      state.output += token.output != null ? token.output : token.value;

      if (token.suffix) {
        state.output += token.suffix;
      }
    }
  }

  return state;
};

/**
 * Fast paths for creating regular expressions for common glob patterns.
 * This can significantly speed up processing and has very little downside
 * impact when none of the fast paths match.
 */

parse.fastpaths = (input, options) => {
  const opts = { ...options };
  const max = typeof opts.maxLength === 'number' ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
  const len = input.length;
  if (len > max) {
    throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
  }

  input = REPLACEMENTS[input] || input;

  // create constants based on platform, for windows or posix
  const {
    DOT_LITERAL,
    SLASH_LITERAL,
    ONE_CHAR,
    DOTS_SLASH,
    NO_DOT,
    NO_DOTS,
    NO_DOTS_SLASH,
    STAR,
    START_ANCHOR
  } = constants.globChars(opts.windows);

  const nodot = opts.dot ? NO_DOTS : NO_DOT;
  const slashDot = opts.dot ? NO_DOTS_SLASH : NO_DOT;
  const capture = opts.capture ? '' : '?:';
  const state = { negated: false, prefix: '' };
  let star = opts.bash === true ? '.*?' : STAR;

  if (opts.capture) {
    star = `(${star})`;
  }

  const globstar = opts => {
    if (opts.noglobstar === true) return star;
    return `(${capture}(?:(?!${START_ANCHOR}${opts.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
  };

  const create = str => {
    switch (str) {
      case '*':
        return `${nodot}${ONE_CHAR}${star}`;

      case '.*':
        return `${DOT_LITERAL}${ONE_CHAR}${star}`;

      case '*.*':
        return `${nodot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;

      case '*/*':
        return `${nodot}${star}${SLASH_LITERAL}${ONE_CHAR}${slashDot}${star}`;

      case '**':
        return nodot + globstar(opts);

      case '**/*':
        return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${ONE_CHAR}${star}`;

      case '**/*.*':
        return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;

      case '**/.*':
        return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${DOT_LITERAL}${ONE_CHAR}${star}`;

      default: {
        const match = /^(.*?)\.(\w+)$/.exec(str);
        if (!match) return;

        const source = create(match[1]);
        if (!source) return;

        return source + DOT_LITERAL + match[2];
      }
    }
  };

  const output = utils.removePrefix(input, state);
  let source = create(output);

  if (source && opts.strictSlashes !== true) {
    source += `${SLASH_LITERAL}?`;
  }

  return source;
};

module.exports = parse;


/***/ }),

/***/ 8016:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const scan = __nccwpck_require__(1781);
const parse = __nccwpck_require__(8265);
const utils = __nccwpck_require__(4059);
const constants = __nccwpck_require__(5595);
const isObject = val => val && typeof val === 'object' && !Array.isArray(val);

/**
 * Creates a matcher function from one or more glob patterns. The
 * returned function takes a string to match as its first argument,
 * and returns true if the string is a match. The returned matcher
 * function also takes a boolean as the second argument that, when true,
 * returns an object with additional information.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch(glob[, options]);
 *
 * const isMatch = picomatch('*.!(*a)');
 * console.log(isMatch('a.a')); //=> false
 * console.log(isMatch('a.b')); //=> true
 *
 * // For environments without `node.js`, `picomatch/posix` provides you a dependency-free matcher, without automatic OS detection.
 * const picomatch = require('picomatch/posix');
 * // the same API, defaulting to posix paths
 * const isMatch = picomatch('a/*');
 * console.log(isMatch('a\\b')); //=> false
 * console.log(isMatch('a/b')); //=> true
 *
 * // you can still configure the matcher function to accept windows paths
 * const isMatch = picomatch('a/*', { options: windows });
 * console.log(isMatch('a\\b')); //=> true
 * console.log(isMatch('a/b')); //=> true
 * ```
 * @name picomatch
 * @param {String|Array} `globs` One or more glob patterns.
 * @param {Object=} `options`
 * @return {Function=} Returns a matcher function.
 * @api public
 */

const picomatch = (glob, options, returnState = false) => {
  if (Array.isArray(glob)) {
    const fns = glob.map(input => picomatch(input, options, returnState));
    const arrayMatcher = str => {
      for (const isMatch of fns) {
        const state = isMatch(str);
        if (state) return state;
      }
      return false;
    };
    return arrayMatcher;
  }

  const isState = isObject(glob) && glob.tokens && glob.input;

  if (glob === '' || (typeof glob !== 'string' && !isState)) {
    throw new TypeError('Expected pattern to be a non-empty string');
  }

  const opts = options || {};
  const posix = opts.windows;
  const regex = isState
    ? picomatch.compileRe(glob, options)
    : picomatch.makeRe(glob, options, false, true);

  const state = regex.state;
  delete regex.state;

  let isIgnored = () => false;
  if (opts.ignore) {
    const ignoreOpts = { ...options, ignore: null, onMatch: null, onResult: null };
    isIgnored = picomatch(opts.ignore, ignoreOpts, returnState);
  }

  const matcher = (input, returnObject = false) => {
    const { isMatch, match, output } = picomatch.test(input, regex, options, { glob, posix });
    const result = { glob, state, regex, posix, input, output, match, isMatch };

    if (typeof opts.onResult === 'function') {
      opts.onResult(result);
    }

    if (isMatch === false) {
      result.isMatch = false;
      return returnObject ? result : false;
    }

    if (isIgnored(input)) {
      if (typeof opts.onIgnore === 'function') {
        opts.onIgnore(result);
      }
      result.isMatch = false;
      return returnObject ? result : false;
    }

    if (typeof opts.onMatch === 'function') {
      opts.onMatch(result);
    }
    return returnObject ? result : true;
  };

  if (returnState) {
    matcher.state = state;
  }

  return matcher;
};

/**
 * Test `input` with the given `regex`. This is used by the main
 * `picomatch()` function to test the input string.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.test(input, regex[, options]);
 *
 * console.log(picomatch.test('foo/bar', /^(?:([^/]*?)\/([^/]*?))$/));
 * // { isMatch: true, match: [ 'foo/', 'foo', 'bar' ], output: 'foo/bar' }
 * ```
 * @param {String} `input` String to test.
 * @param {RegExp} `regex`
 * @return {Object} Returns an object with matching info.
 * @api public
 */

picomatch.test = (input, regex, options, { glob, posix } = {}) => {
  if (typeof input !== 'string') {
    throw new TypeError('Expected input to be a string');
  }

  if (input === '') {
    return { isMatch: false, output: '' };
  }

  const opts = options || {};
  const format = opts.format || (posix ? utils.toPosixSlashes : null);
  let match = input === glob;
  let output = (match && format) ? format(input) : input;

  if (match === false) {
    output = format ? format(input) : input;
    match = output === glob;
  }

  if (match === false || opts.capture === true) {
    if (opts.matchBase === true || opts.basename === true) {
      match = picomatch.matchBase(input, regex, options, posix);
    } else {
      match = regex.exec(output);
    }
  }

  return { isMatch: Boolean(match), match, output };
};

/**
 * Match the basename of a filepath.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.matchBase(input, glob[, options]);
 * console.log(picomatch.matchBase('foo/bar.js', '*.js'); // true
 * ```
 * @param {String} `input` String to test.
 * @param {RegExp|String} `glob` Glob pattern or regex created by [.makeRe](#makeRe).
 * @return {Boolean}
 * @api public
 */

picomatch.matchBase = (input, glob, options, posix = options && options.windows) => {
  const regex = glob instanceof RegExp ? glob : picomatch.makeRe(glob, options);
  return regex.test(utils.basename(input, { windows: posix }));
};

/**
 * Returns true if **any** of the given glob `patterns` match the specified `string`.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.isMatch(string, patterns[, options]);
 *
 * console.log(picomatch.isMatch('a.a', ['b.*', '*.a'])); //=> true
 * console.log(picomatch.isMatch('a.a', 'b.*')); //=> false
 * ```
 * @param {String|Array} str The string to test.
 * @param {String|Array} patterns One or more glob patterns to use for matching.
 * @param {Object} [options] See available [options](#options).
 * @return {Boolean} Returns true if any patterns match `str`
 * @api public
 */

picomatch.isMatch = (str, patterns, options) => picomatch(patterns, options)(str);

/**
 * Parse a glob pattern to create the source string for a regular
 * expression.
 *
 * ```js
 * const picomatch = require('picomatch');
 * const result = picomatch.parse(pattern[, options]);
 * ```
 * @param {String} `pattern`
 * @param {Object} `options`
 * @return {Object} Returns an object with useful properties and output to be used as a regex source string.
 * @api public
 */

picomatch.parse = (pattern, options) => {
  if (Array.isArray(pattern)) return pattern.map(p => picomatch.parse(p, options));
  return parse(pattern, { ...options, fastpaths: false });
};

/**
 * Scan a glob pattern to separate the pattern into segments.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.scan(input[, options]);
 *
 * const result = picomatch.scan('!./foo/*.js');
 * console.log(result);
 * { prefix: '!./',
 *   input: '!./foo/*.js',
 *   start: 3,
 *   base: 'foo',
 *   glob: '*.js',
 *   isBrace: false,
 *   isBracket: false,
 *   isGlob: true,
 *   isExtglob: false,
 *   isGlobstar: false,
 *   negated: true }
 * ```
 * @param {String} `input` Glob pattern to scan.
 * @param {Object} `options`
 * @return {Object} Returns an object with
 * @api public
 */

picomatch.scan = (input, options) => scan(input, options);

/**
 * Compile a regular expression from the `state` object returned by the
 * [parse()](#parse) method.
 *
 * ```js
 * const picomatch = require('picomatch');
 * const state = picomatch.parse('*.js');
 * // picomatch.compileRe(state[, options]);
 *
 * console.log(picomatch.compileRe(state));
 * //=> /^(?:(?!\.)(?=.)[^/]*?\.js)$/
 * ```
 * @param {Object} `state`
 * @param {Object} `options`
 * @param {Boolean} `returnOutput` Intended for implementors, this argument allows you to return the raw output from the parser.
 * @param {Boolean} `returnState` Adds the state to a `state` property on the returned regex. Useful for implementors and debugging.
 * @return {RegExp}
 * @api public
 */

picomatch.compileRe = (state, options, returnOutput = false, returnState = false) => {
  if (returnOutput === true) {
    return state.output;
  }

  const opts = options || {};
  const prepend = opts.contains ? '' : '^';
  const append = opts.contains ? '' : '$';

  let source = `${prepend}(?:${state.output})${append}`;
  if (state && state.negated === true) {
    source = `^(?!${source}).*$`;
  }

  const regex = picomatch.toRegex(source, options);
  if (returnState === true) {
    regex.state = state;
  }

  return regex;
};

/**
 * Create a regular expression from a parsed glob pattern.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.makeRe(state[, options]);
 *
 * const result = picomatch.makeRe('*.js');
 * console.log(result);
 * //=> /^(?:(?!\.)(?=.)[^/]*?\.js)$/
 * ```
 * @param {String} `state` The object returned from the `.parse` method.
 * @param {Object} `options`
 * @param {Boolean} `returnOutput` Implementors may use this argument to return the compiled output, instead of a regular expression. This is not exposed on the options to prevent end-users from mutating the result.
 * @param {Boolean} `returnState` Implementors may use this argument to return the state from the parsed glob with the returned regular expression.
 * @return {RegExp} Returns a regex created from the given pattern.
 * @api public
 */

picomatch.makeRe = (input, options = {}, returnOutput = false, returnState = false) => {
  if (!input || typeof input !== 'string') {
    throw new TypeError('Expected a non-empty string');
  }

  let parsed = { negated: false, fastpaths: true };

  if (options.fastpaths !== false && (input[0] === '.' || input[0] === '*')) {
    parsed.output = parse.fastpaths(input, options);
  }

  if (!parsed.output) {
    parsed = parse(input, options);
  }

  return picomatch.compileRe(parsed, options, returnOutput, returnState);
};

/**
 * Create a regular expression from the given regex source string.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.toRegex(source[, options]);
 *
 * const { output } = picomatch.parse('*.js');
 * console.log(picomatch.toRegex(output));
 * //=> /^(?:(?!\.)(?=.)[^/]*?\.js)$/
 * ```
 * @param {String} `source` Regular expression source string.
 * @param {Object} `options`
 * @return {RegExp}
 * @api public
 */

picomatch.toRegex = (source, options) => {
  try {
    const opts = options || {};
    return new RegExp(source, opts.flags || (opts.nocase ? 'i' : ''));
  } catch (err) {
    if (options && options.debug === true) throw err;
    return /$^/;
  }
};

/**
 * Picomatch constants.
 * @return {Object}
 */

picomatch.constants = constants;

/**
 * Expose "picomatch"
 */

module.exports = picomatch;


/***/ }),

/***/ 1781:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const utils = __nccwpck_require__(4059);
const {
  CHAR_ASTERISK,             /* * */
  CHAR_AT,                   /* @ */
  CHAR_BACKWARD_SLASH,       /* \ */
  CHAR_COMMA,                /* , */
  CHAR_DOT,                  /* . */
  CHAR_EXCLAMATION_MARK,     /* ! */
  CHAR_FORWARD_SLASH,        /* / */
  CHAR_LEFT_CURLY_BRACE,     /* { */
  CHAR_LEFT_PARENTHESES,     /* ( */
  CHAR_LEFT_SQUARE_BRACKET,  /* [ */
  CHAR_PLUS,                 /* + */
  CHAR_QUESTION_MARK,        /* ? */
  CHAR_RIGHT_CURLY_BRACE,    /* } */
  CHAR_RIGHT_PARENTHESES,    /* ) */
  CHAR_RIGHT_SQUARE_BRACKET  /* ] */
} = __nccwpck_require__(5595);

const isPathSeparator = code => {
  return code === CHAR_FORWARD_SLASH || code === CHAR_BACKWARD_SLASH;
};

const depth = token => {
  if (token.isPrefix !== true) {
    token.depth = token.isGlobstar ? Infinity : 1;
  }
};

/**
 * Quickly scans a glob pattern and returns an object with a handful of
 * useful properties, like `isGlob`, `path` (the leading non-glob, if it exists),
 * `glob` (the actual pattern), `negated` (true if the path starts with `!` but not
 * with `!(`) and `negatedExtglob` (true if the path starts with `!(`).
 *
 * ```js
 * const pm = require('picomatch');
 * console.log(pm.scan('foo/bar/*.js'));
 * { isGlob: true, input: 'foo/bar/*.js', base: 'foo/bar', glob: '*.js' }
 * ```
 * @param {String} `str`
 * @param {Object} `options`
 * @return {Object} Returns an object with tokens and regex source string.
 * @api public
 */

const scan = (input, options) => {
  const opts = options || {};

  const length = input.length - 1;
  const scanToEnd = opts.parts === true || opts.tokens === true || opts.scanToEnd === true;
  const slashes = [];
  const tokens = [];
  const parts = [];

  let str = input;
  let index = -1;
  let start = 0;
  let lastIndex = 0;
  let isBrace = false;
  let isBracket = false;
  let isGlob = false;
  let isExtglob = false;
  let isGlobstar = false;
  let braceEscaped = false;
  let backslashes = false;
  let negated = false;
  let negatedExtglob = false;
  let finished = false;
  let braces = 0;
  let prev;
  let code;
  let token = { value: '', depth: 0, isGlob: false };

  const eos = () => index >= length;
  const peek = () => str.charCodeAt(index + 1);
  const advance = () => {
    prev = code;
    return str.charCodeAt(++index);
  };

  while (index < length) {
    code = advance();
    let next;

    if (code === CHAR_BACKWARD_SLASH) {
      backslashes = token.backslashes = true;
      code = advance();

      if (code === CHAR_LEFT_CURLY_BRACE) {
        braceEscaped = true;
      }
      continue;
    }

    if (braceEscaped === true || code === CHAR_LEFT_CURLY_BRACE) {
      braces++;

      while (eos() !== true && (code = advance())) {
        if (code === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          advance();
          continue;
        }

        if (code === CHAR_LEFT_CURLY_BRACE) {
          braces++;
          continue;
        }

        if (braceEscaped !== true && code === CHAR_DOT && (code = advance()) === CHAR_DOT) {
          isBrace = token.isBrace = true;
          isGlob = token.isGlob = true;
          finished = true;

          if (scanToEnd === true) {
            continue;
          }

          break;
        }

        if (braceEscaped !== true && code === CHAR_COMMA) {
          isBrace = token.isBrace = true;
          isGlob = token.isGlob = true;
          finished = true;

          if (scanToEnd === true) {
            continue;
          }

          break;
        }

        if (code === CHAR_RIGHT_CURLY_BRACE) {
          braces--;

          if (braces === 0) {
            braceEscaped = false;
            isBrace = token.isBrace = true;
            finished = true;
            break;
          }
        }
      }

      if (scanToEnd === true) {
        continue;
      }

      break;
    }

    if (code === CHAR_FORWARD_SLASH) {
      slashes.push(index);
      tokens.push(token);
      token = { value: '', depth: 0, isGlob: false };

      if (finished === true) continue;
      if (prev === CHAR_DOT && index === (start + 1)) {
        start += 2;
        continue;
      }

      lastIndex = index + 1;
      continue;
    }

    if (opts.noext !== true) {
      const isExtglobChar = code === CHAR_PLUS
        || code === CHAR_AT
        || code === CHAR_ASTERISK
        || code === CHAR_QUESTION_MARK
        || code === CHAR_EXCLAMATION_MARK;

      if (isExtglobChar === true && peek() === CHAR_LEFT_PARENTHESES) {
        isGlob = token.isGlob = true;
        isExtglob = token.isExtglob = true;
        finished = true;
        if (code === CHAR_EXCLAMATION_MARK && index === start) {
          negatedExtglob = true;
        }

        if (scanToEnd === true) {
          let parens = 0;

          while (eos() !== true && (code = advance())) {
            if (code === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }

            if (code === CHAR_LEFT_PARENTHESES) {
              parens++;
              continue;
            }

            if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
              finished = true;
              break;
            }
          }
          continue;
        }
        break;
      }
    }

    if (code === CHAR_ASTERISK) {
      if (prev === CHAR_ASTERISK) isGlobstar = token.isGlobstar = true;
      isGlob = token.isGlob = true;
      finished = true;

      if (scanToEnd === true) {
        continue;
      }
      break;
    }

    if (code === CHAR_QUESTION_MARK) {
      isGlob = token.isGlob = true;
      finished = true;

      if (scanToEnd === true) {
        continue;
      }
      break;
    }

    if (code === CHAR_LEFT_SQUARE_BRACKET) {
      while (eos() !== true && (next = advance())) {
        if (next === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          advance();
          continue;
        }

        if (next === CHAR_RIGHT_SQUARE_BRACKET) {
          isBracket = token.isBracket = true;
          isGlob = token.isGlob = true;
          finished = true;
          break;
        }
      }

      if (scanToEnd === true) {
        continue;
      }

      break;
    }

    if (opts.nonegate !== true && code === CHAR_EXCLAMATION_MARK && index === start) {
      negated = token.negated = true;
      start++;
      continue;
    }

    if (opts.noparen !== true && code === CHAR_LEFT_PARENTHESES) {
      isGlob = token.isGlob = true;

      if (scanToEnd === true) {
        let parens = 1;

        while (eos() !== true && (code = advance())) {
          if (code === CHAR_BACKWARD_SLASH) {
            backslashes = token.backslashes = true;
            advance();
            continue;
          }

          if (code === CHAR_LEFT_PARENTHESES) {
            parens++;
            continue;
          }

          if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
            finished = true;
            break;
          }
        }
        continue;
      }
      break;
    }

    if (isGlob === true) {
      finished = true;

      if (scanToEnd === true) {
        continue;
      }

      break;
    }
  }

  if (opts.noext === true) {
    isExtglob = false;
    isGlob = false;
  }

  let base = str;
  let prefix = '';
  let glob = '';

  if (start > 0) {
    prefix = str.slice(0, start);
    str = str.slice(start);
    lastIndex -= start;
  }

  if (base && isGlob === true && lastIndex > 0) {
    base = str.slice(0, lastIndex);
    glob = str.slice(lastIndex);
  } else if (isGlob === true) {
    base = '';
    glob = str;
  } else {
    base = str;
  }

  if (base && base !== '' && base !== '/' && base !== str) {
    if (isPathSeparator(base.charCodeAt(base.length - 1))) {
      base = base.slice(0, -1);
    }
  }

  if (opts.unescape === true) {
    if (glob) glob = utils.removeBackslashes(glob);

    if (base && backslashes === true) {
      base = utils.removeBackslashes(base);
    }
  }

  const state = {
    prefix,
    input,
    start,
    base,
    glob,
    isBrace,
    isBracket,
    isGlob,
    isExtglob,
    isGlobstar,
    negated,
    negatedExtglob
  };

  if (opts.tokens === true) {
    state.maxDepth = 0;
    if (!isPathSeparator(code)) {
      tokens.push(token);
    }
    state.tokens = tokens;
  }

  if (opts.parts === true || opts.tokens === true) {
    let prevIndex;

    for (let idx = 0; idx < slashes.length; idx++) {
      const n = prevIndex !== undefined ? prevIndex + 1 : start;
      const i = slashes[idx];
      const value = input.slice(n, i);
      if (opts.tokens) {
        if (idx === 0 && start !== 0) {
          tokens[idx].isPrefix = true;
          tokens[idx].value = prefix;
        } else {
          tokens[idx].value = value;
        }
        depth(tokens[idx]);
        state.maxDepth += tokens[idx].depth;
      }
      if (i >= start) {
        parts.push(value);
        prevIndex = i;
      }
    }

    const n = prevIndex !== undefined ? prevIndex + 1 : start;
    const value = input.slice(n);
    parts.push(value);

    if (opts.tokens && prevIndex && prevIndex + 1 < input.length) {
      tokens[tokens.length - 1].value = value;
      depth(tokens[tokens.length - 1]);
      state.maxDepth += tokens[tokens.length - 1].depth;
    }

    state.slashes = slashes;
    state.parts = parts;
  }

  return state;
};

module.exports = scan;


/***/ }),

/***/ 4059:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

/*global navigator*/


const {
  REGEX_BACKSLASH,
  REGEX_REMOVE_BACKSLASH,
  REGEX_SPECIAL_CHARS,
  REGEX_SPECIAL_CHARS_GLOBAL
} = __nccwpck_require__(5595);

exports.isObject = val => val !== null && typeof val === 'object' && !Array.isArray(val);
exports.hasRegexChars = str => REGEX_SPECIAL_CHARS.test(str);
exports.isRegexChar = str => str.length === 1 && exports.hasRegexChars(str);
exports.escapeRegex = str => str.replace(REGEX_SPECIAL_CHARS_GLOBAL, '\\$1');
exports.toPosixSlashes = str => str.replace(REGEX_BACKSLASH, '/');

exports.isWindows = () => {
  if (typeof navigator !== 'undefined' && navigator.platform) {
    const platform = navigator.platform.toLowerCase();
    return platform === 'win32' || platform === 'windows';
  }

  if (typeof process !== 'undefined' && process.platform) {
    return process.platform === 'win32';
  }

  return false;
};

exports.removeBackslashes = str => {
  return str.replace(REGEX_REMOVE_BACKSLASH, match => {
    return match === '\\' ? '' : match;
  });
};

exports.escapeLast = (input, char, lastIdx) => {
  const idx = input.lastIndexOf(char, lastIdx);
  if (idx === -1) return input;
  if (input[idx - 1] === '\\') return exports.escapeLast(input, char, idx - 1);
  return `${input.slice(0, idx)}\\${input.slice(idx)}`;
};

exports.removePrefix = (input, state = {}) => {
  let output = input;
  if (output.startsWith('./')) {
    output = output.slice(2);
    state.prefix = './';
  }
  return output;
};

exports.wrapOutput = (input, state = {}, options = {}) => {
  const prepend = options.contains ? '' : '^';
  const append = options.contains ? '' : '$';

  let output = `${prepend}(?:${input})${append}`;
  if (state.negated === true) {
    output = `(?:^(?!${output}).*$)`;
  }
  return output;
};

exports.basename = (path, { windows } = {}) => {
  const segs = path.split(windows ? /[\\/]/ : '/');
  const last = segs[segs.length - 1];

  if (last === '') {
    return segs[segs.length - 2];
  }

  return last;
};


/***/ }),

/***/ 770:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

module.exports = __nccwpck_require__(7837);


/***/ }),

/***/ 7837:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var net = __nccwpck_require__(9278);
var tls = __nccwpck_require__(4756);
var http = __nccwpck_require__(8611);
var https = __nccwpck_require__(5692);
var events = __nccwpck_require__(4434);
var assert = __nccwpck_require__(2613);
var util = __nccwpck_require__(9023);


exports.httpOverHttp = httpOverHttp;
exports.httpsOverHttp = httpsOverHttp;
exports.httpOverHttps = httpOverHttps;
exports.httpsOverHttps = httpsOverHttps;


function httpOverHttp(options) {
  var agent = new TunnelingAgent(options);
  agent.request = http.request;
  return agent;
}

function httpsOverHttp(options) {
  var agent = new TunnelingAgent(options);
  agent.request = http.request;
  agent.createSocket = createSecureSocket;
  agent.defaultPort = 443;
  return agent;
}

function httpOverHttps(options) {
  var agent = new TunnelingAgent(options);
  agent.request = https.request;
  return agent;
}

function httpsOverHttps(options) {
  var agent = new TunnelingAgent(options);
  agent.request = https.request;
  agent.createSocket = createSecureSocket;
  agent.defaultPort = 443;
  return agent;
}


function TunnelingAgent(options) {
  var self = this;
  self.options = options || {};
  self.proxyOptions = self.options.proxy || {};
  self.maxSockets = self.options.maxSockets || http.Agent.defaultMaxSockets;
  self.requests = [];
  self.sockets = [];

  self.on('free', function onFree(socket, host, port, localAddress) {
    var options = toOptions(host, port, localAddress);
    for (var i = 0, len = self.requests.length; i < len; ++i) {
      var pending = self.requests[i];
      if (pending.host === options.host && pending.port === options.port) {
        // Detect the request to connect same origin server,
        // reuse the connection.
        self.requests.splice(i, 1);
        pending.request.onSocket(socket);
        return;
      }
    }
    socket.destroy();
    self.removeSocket(socket);
  });
}
util.inherits(TunnelingAgent, events.EventEmitter);

TunnelingAgent.prototype.addRequest = function addRequest(req, host, port, localAddress) {
  var self = this;
  var options = mergeOptions({request: req}, self.options, toOptions(host, port, localAddress));

  if (self.sockets.length >= this.maxSockets) {
    // We are over limit so we'll add it to the queue.
    self.requests.push(options);
    return;
  }

  // If we are under maxSockets create a new one.
  self.createSocket(options, function(socket) {
    socket.on('free', onFree);
    socket.on('close', onCloseOrRemove);
    socket.on('agentRemove', onCloseOrRemove);
    req.onSocket(socket);

    function onFree() {
      self.emit('free', socket, options);
    }

    function onCloseOrRemove(err) {
      self.removeSocket(socket);
      socket.removeListener('free', onFree);
      socket.removeListener('close', onCloseOrRemove);
      socket.removeListener('agentRemove', onCloseOrRemove);
    }
  });
};

TunnelingAgent.prototype.createSocket = function createSocket(options, cb) {
  var self = this;
  var placeholder = {};
  self.sockets.push(placeholder);

  var connectOptions = mergeOptions({}, self.proxyOptions, {
    method: 'CONNECT',
    path: options.host + ':' + options.port,
    agent: false,
    headers: {
      host: options.host + ':' + options.port
    }
  });
  if (options.localAddress) {
    connectOptions.localAddress = options.localAddress;
  }
  if (connectOptions.proxyAuth) {
    connectOptions.headers = connectOptions.headers || {};
    connectOptions.headers['Proxy-Authorization'] = 'Basic ' +
        new Buffer(connectOptions.proxyAuth).toString('base64');
  }

  debug('making CONNECT request');
  var connectReq = self.request(connectOptions);
  connectReq.useChunkedEncodingByDefault = false; // for v0.6
  connectReq.once('response', onResponse); // for v0.6
  connectReq.once('upgrade', onUpgrade);   // for v0.6
  connectReq.once('connect', onConnect);   // for v0.7 or later
  connectReq.once('error', onError);
  connectReq.end();

  function onResponse(res) {
    // Very hacky. This is necessary to avoid http-parser leaks.
    res.upgrade = true;
  }

  function onUpgrade(res, socket, head) {
    // Hacky.
    process.nextTick(function() {
      onConnect(res, socket, head);
    });
  }

  function onConnect(res, socket, head) {
    connectReq.removeAllListeners();
    socket.removeAllListeners();

    if (res.statusCode !== 200) {
      debug('tunneling socket could not be established, statusCode=%d',
        res.statusCode);
      socket.destroy();
      var error = new Error('tunneling socket could not be established, ' +
        'statusCode=' + res.statusCode);
      error.code = 'ECONNRESET';
      options.request.emit('error', error);
      self.removeSocket(placeholder);
      return;
    }
    if (head.length > 0) {
      debug('got illegal response body from proxy');
      socket.destroy();
      var error = new Error('got illegal response body from proxy');
      error.code = 'ECONNRESET';
      options.request.emit('error', error);
      self.removeSocket(placeholder);
      return;
    }
    debug('tunneling connection has established');
    self.sockets[self.sockets.indexOf(placeholder)] = socket;
    return cb(socket);
  }

  function onError(cause) {
    connectReq.removeAllListeners();

    debug('tunneling socket could not be established, cause=%s\n',
          cause.message, cause.stack);
    var error = new Error('tunneling socket could not be established, ' +
                          'cause=' + cause.message);
    error.code = 'ECONNRESET';
    options.request.emit('error', error);
    self.removeSocket(placeholder);
  }
};

TunnelingAgent.prototype.removeSocket = function removeSocket(socket) {
  var pos = this.sockets.indexOf(socket)
  if (pos === -1) {
    return;
  }
  this.sockets.splice(pos, 1);

  var pending = this.requests.shift();
  if (pending) {
    // If we have pending requests and a socket gets closed a new one
    // needs to be created to take over in the pool for the one that closed.
    this.createSocket(pending, function(socket) {
      pending.request.onSocket(socket);
    });
  }
};

function createSecureSocket(options, cb) {
  var self = this;
  TunnelingAgent.prototype.createSocket.call(self, options, function(socket) {
    var hostHeader = options.request.getHeader('host');
    var tlsOptions = mergeOptions({}, self.options, {
      socket: socket,
      servername: hostHeader ? hostHeader.replace(/:.*$/, '') : options.host
    });

    // 0 is dummy port for v0.6
    var secureSocket = tls.connect(0, tlsOptions);
    self.sockets[self.sockets.indexOf(socket)] = secureSocket;
    cb(secureSocket);
  });
}


function toOptions(host, port, localAddress) {
  if (typeof host === 'string') { // since v0.10
    return {
      host: host,
      port: port,
      localAddress: localAddress
    };
  }
  return host; // for v0.11 or later
}

function mergeOptions(target) {
  for (var i = 1, len = arguments.length; i < len; ++i) {
    var overrides = arguments[i];
    if (typeof overrides === 'object') {
      var keys = Object.keys(overrides);
      for (var j = 0, keyLen = keys.length; j < keyLen; ++j) {
        var k = keys[j];
        if (overrides[k] !== undefined) {
          target[k] = overrides[k];
        }
      }
    }
  }
  return target;
}


var debug;
if (process.env.NODE_DEBUG && /\btunnel\b/.test(process.env.NODE_DEBUG)) {
  debug = function() {
    var args = Array.prototype.slice.call(arguments);
    if (typeof args[0] === 'string') {
      args[0] = 'TUNNEL: ' + args[0];
    } else {
      args.unshift('TUNNEL:');
    }
    console.error.apply(console, args);
  }
} else {
  debug = function() {};
}
exports.debug = debug; // for test


/***/ }),

/***/ 218:
/***/ ((module, __webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var _warm_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(1841);
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(357);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(986);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(2287);
/* harmony import */ var _main_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(1984);
/**
 * The bundle's entry (dist/index.js): the step runs as the bundle loads, as
 * a runner starts it (`node dist/index.js`). A tool that loads the bundle
 * and calls an exported `run()` (GitHub's `@github/local-action`) gets the
 * same step, already under way, rather than an error.
 */




let ended = false;
// A failure nothing else caught still ends as one error line, never a stack trace. After the step
// ended, what is raised is the loading tool's, not the product's: told as such, with no report asked.
const fatal = (error) => {
    _actions_core__WEBPACK_IMPORTED_MODULE_1__/* .setFailed */ .C1((0,_core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .sanitize */ .aj)(ended
        ? `An error was raised after the step ended, outside it, by whatever loaded the bundle: ${(0,_core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error)}. The bundle runs the step by itself when it is loaded (node dist/index.js, as the runner starts it); a tool that loads it can await its exported run().`
        : `Unexpected error: ${(0,_core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .messageOf */ .bD)(error)}. Please report it with this log.`));
    process.exit(1);
};
process.on('unhandledRejection', fatal);
process.on('uncaughtException', fatal);
// The runner's environment is read here, once, and handed to the step.
const step = (0,_main_js__WEBPACK_IMPORTED_MODULE_4__/* .run */ .e)((0,_main_js__WEBPACK_IMPORTED_MODULE_4__/* .stopOnSignals */ .Z)(), process.env).finally(() => {
    ended = true;
});
await step;
/** The step this bundle ran as it loaded: for a tool that loads the bundle and calls run(). */
function run() {
    return step;
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 1984:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  e: () => (/* binding */ run),
  Z: () => (/* binding */ stopOnSignals)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 16 modules
var core = __nccwpck_require__(357);
// EXTERNAL MODULE: ./src/core/shared/redact.ts + 3 modules
var redact = __nccwpck_require__(4980);
;// CONCATENATED MODULE: ./src/core/shared/json.ts
/** Reading untrusted JSON (event payloads, service answers) without trusting its shape. */
/** The value when it is a plain object, else an empty one, so that nested reads never throw. */
function asObject(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? value
        : {};
}
/** The value when it is a string with something other than white space in it. */
function asText(value) {
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

// EXTERNAL MODULE: ./src/core/shared/name-rules.ts
var name_rules = __nccwpck_require__(9360);
// EXTERNAL MODULE: ./src/core/shared/text.ts
var shared_text = __nccwpck_require__(986);
;// CONCATENATED MODULE: ./src/core/ci/github.ts



/** The contract's context table: branch, commit, pull request and links per event. */
function githubContext(eventName, payload, env) {
    const notes = [];
    const read = READERS[eventName] ?? fromOtherEvent;
    const { git, head } = read({ payload, env, notes, link: sha => commitUrlOf(env, sha) });
    const repository = repositoryOfSlug(env.GITHUB_REPOSITORY);
    const apiUrl = (0,shared_text/* withoutTrailingSlashes */.A$)((0,name_rules/* httpUrl */.q3)(env.GITHUB_API_URL) ?? 'https://api.github.com');
    return {
        git: { ...git, repository, hostingService: 'GitHub' },
        notes,
        deploymentState: deploymentState(eventName, payload),
        pullRequestLookup: head && repository && 'owner' in repository ? { apiUrl, repository, ...head } : undefined,
        defaultBranch: asText(asObject(payload.repository).default_branch),
        mergeQueue: eventName === 'merge_group' || undefined
    };
}
const READERS = {
    pull_request: fromPullRequest,
    pull_request_target: fromPullRequest,
    push: fromPush,
    merge_group: fromMergeGroup,
    workflow_run: fromWorkflowRun,
    deployment_status: fromDeploymentStatus
};
function fromPullRequest({ payload, env, link }) {
    const pr = asObject(payload.pull_request);
    const head = asObject(pr.head);
    // Never GITHUB_SHA: on a pull request that is the merge commit, which no person pushed.
    const sha = asText(head.sha) ?? env.GITHUB_SHA;
    return {
        git: {
            branch: asText(head.ref) ?? (env.GITHUB_HEAD_REF || undefined),
            sha,
            pullRequestNumber: positiveInteger(pr.number) ??
                positiveInteger(payload.number) ??
                pullRequestOfRef(env.GITHUB_REF),
            commitUrl: link(sha)
        }
    };
}
function fromPush({ payload, env, link }) {
    const ref = asText(payload.ref) ?? env.GITHUB_REF;
    const after = asText(payload.after);
    const sha = after && !/^0+$/.test(after) ? after : env.GITHUB_SHA;
    return {
        git: {
            branch: ref?.startsWith('refs/heads/') ? stripHeads(ref) : undefined,
            sha,
            commitUrl: (0,name_rules/* httpUrl */.q3)(asObject(payload.head_commit).url) ?? link(sha)
        }
    };
}
function fromMergeGroup(input) {
    const group = asObject(input.payload.merge_group);
    const headRef = asText(group.head_ref);
    const sha = asText(group.head_sha) ?? input.env.GITHUB_SHA;
    return {
        git: {
            branch: headRef ? stripHeads(headRef) : fromOtherEvent(input).git.branch,
            sha,
            pullRequestNumber: mergeQueuePullRequest(headRef),
            commitUrl: input.link(sha)
        }
    };
}
/**
 * Whether a listed pull request's base is this repository: by the id of the
 * payload's repository when both name one, else by the API address of its
 * base (`…/repos/<owner>/<name>`) against GITHUB_REPOSITORY.
 */
function onThisRepository(pr, payload, env) {
    const base = asObject(asObject(pr.base).repo);
    const ours = asObject(payload.repository).id;
    if (typeof base.id === 'number' && typeof ours === 'number')
        return base.id === ours;
    const url = asText(base.url);
    const slug = env.GITHUB_REPOSITORY;
    return Boolean(url && slug && url.toLowerCase().endsWith(`/repos/${slug.toLowerCase()}`));
}
function fromWorkflowRun({ payload, env, link }) {
    const run = asObject(payload.workflow_run);
    const sha = asText(run.head_sha) ?? env.GITHUB_SHA;
    const branch = asText(run.head_branch);
    const pulls = Array.isArray(run.pull_requests) ? run.pull_requests.map(asObject) : [];
    // A listed pull request is the run's only when its head is the run's head commit and it is open on
    // this repository: the list names the pull requests of the head branch as they are now, which may
    // have moved on, or be another repository's of the same head (its number is not ours). A fork's is
    // never listed (its head lives elsewhere).
    const named = pulls.find(pr => asText(asObject(pr.head).sha) === sha && onThisRepository(pr, payload, env));
    const pullRequestNumber = positiveInteger(named?.number);
    const forPullRequest = /^pull_request/.test(asText(run.event) ?? '');
    const owner = asText(asObject(asObject(run.head_repository).owner).login);
    const unnamed = forPullRequest && pullRequestNumber === undefined;
    return {
        git: { branch, sha, pullRequestNumber, commitUrl: link(sha) },
        head: unnamed && branch && sha && owner ? { owner, branch, sha } : undefined
    };
}
function fromDeploymentStatus({ payload, env, notes, link }) {
    const deployment = asObject(payload.deployment);
    const sha = asText(deployment.sha) ?? env.GITHUB_SHA;
    const ref = asText(deployment.ref);
    const raw = asText(asObject(payload.deployment_status).environment_url);
    const deploymentUrl = (0,name_rules/* httpUrl */.q3)(raw);
    if (raw && !deploymentUrl)
        notes.push(`The event's deployment_status.environment_url ${(0,shared_text/* quote */.hD)(raw)} is not an http(s) URL, so no deployment_url is sent.`);
    return {
        git: { branch: ref ? stripHeads(ref) : undefined, sha, commitUrl: link(sha), deploymentUrl }
    };
}
/** Any other event: the runner's own variables. */
function fromOtherEvent({ env, link }) {
    const branch = env.GITHUB_HEAD_REF ||
        (env.GITHUB_REF?.startsWith('refs/heads/')
            ? env.GITHUB_REF_NAME || stripHeads(env.GITHUB_REF)
            : undefined);
    const sha = env.GITHUB_SHA || undefined;
    return {
        git: { branch, sha, pullRequestNumber: pullRequestOfRef(env.GITHUB_REF), commitUrl: link(sha) }
    };
}
/** The state of a `deployment_status` event (`success`, `failure`, `pending`, …); undefined for any other event. */
function deploymentState(eventName, payload) {
    if (eventName !== 'deployment_status')
        return undefined;
    return asText(asObject(payload.deployment_status).state) ?? '';
}
/** `<server>/<owner>/<repo>/commit/<sha>`; GitHub Enterprise servers included. */
function commitUrlOf(env, sha) {
    const repository = repositoryOfSlug(env.GITHUB_REPOSITORY);
    if (!sha || !repository || !('owner' in repository))
        return undefined;
    const server = (0,shared_text/* withoutTrailingSlashes */.A$)((0,name_rules/* httpUrl */.q3)(env.GITHUB_SERVER_URL) ?? 'https://github.com');
    return `${server}/${repository.owner}/${repository.name}/commit/${sha}`;
}
/** `owner/name`, as GITHUB_REPOSITORY and most CIs print a repository. */
function repositoryOfSlug(slug) {
    const match = /^([\w.-]+)\/([\w.-]+)$/.exec(slug ?? '');
    return match ? { owner: match[1], name: match[2] } : undefined;
}
/** The pull request of a merge-queue branch `gh-readonly-queue/<base>/pr-<N>-<sha>`. */
function mergeQueuePullRequest(headRef) {
    const match = /(?:^|\/)gh-readonly-queue\/.+\/pr-(\d+)-[0-9a-f]+$/.exec(headRef ?? '');
    return match ? positiveInteger(Number(match[1])) : undefined;
}
/** The pull request of a `refs/pull/<N>/merge` ref. */
function pullRequestOfRef(ref) {
    const match = /^refs\/pull\/(\d+)\//.exec(ref ?? '');
    return match ? positiveInteger(Number(match[1])) : undefined;
}
function stripHeads(ref) {
    return ref.replace(/^refs\/heads\//, '');
}
function positiveInteger(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

;// CONCATENATED MODULE: external "node:events"
const external_node_events_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(6760);
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./node_modules/yocto-queue/index.js
/*
How it works:
`this.#head` is an instance of `Node` which keeps track of its current value and nests another instance of `Node` that keeps the value that comes after it. When a value is provided to `.enqueue()`, the code needs to iterate through `this.#head`, going deeper and deeper to find the last value. However, iterating through every single item is slow. This problem is solved by saving a reference to the last value as `this.#tail` so that it can reference it to add a new value.
*/

class Node {
	value;
	next;

	constructor(value) {
		this.value = value;
	}
}

class Queue {
	#head;
	#tail;
	#size;

	constructor() {
		this.clear();
	}

	enqueue(value) {
		const node = new Node(value);

		if (this.#head) {
			this.#tail.next = node;
			this.#tail = node;
		} else {
			this.#head = node;
			this.#tail = node;
		}

		this.#size++;
	}

	dequeue() {
		const current = this.#head;
		if (!current) {
			return;
		}

		this.#head = this.#head.next;
		this.#size--;

		// Clean up tail reference when queue becomes empty
		if (!this.#head) {
			this.#tail = undefined;
		}

		return current.value;
	}

	peek() {
		if (!this.#head) {
			return;
		}

		return this.#head.value;

		// TODO: Node.js 18.
		// return this.#head?.value;
	}

	clear() {
		this.#head = undefined;
		this.#tail = undefined;
		this.#size = 0;
	}

	get size() {
		return this.#size;
	}

	* [Symbol.iterator]() {
		let current = this.#head;

		while (current) {
			yield current.value;
			current = current.next;
		}
	}

	* drain() {
		while (this.#head) {
			yield this.dequeue();
		}
	}
}

;// CONCATENATED MODULE: ./node_modules/p-limit/index.js


function pLimit(concurrency) {
	let rejectOnClear = false;

	if (typeof concurrency === 'object') {
		({concurrency, rejectOnClear = false} = concurrency);
	}

	validateConcurrency(concurrency);

	if (typeof rejectOnClear !== 'boolean') {
		throw new TypeError('Expected `rejectOnClear` to be a boolean');
	}

	const queue = new Queue();
	let activeCount = 0;

	const resumeNext = () => {
		// Process the next queued function if we're under the concurrency limit
		if (activeCount < concurrency && queue.size > 0) {
			activeCount++;
			queue.dequeue().run();
		}
	};

	const next = () => {
		activeCount--;
		resumeNext();
	};

	const run = async (function_, resolve, arguments_) => {
		// Execute the function and capture the result promise
		const result = (async () => function_(...arguments_))();

		// Resolve immediately with the promise (don't wait for completion)
		resolve(result);

		// Wait for the function to complete (success or failure)
		// We catch errors here to prevent unhandled rejections,
		// but the original promise rejection is preserved for the caller
		try {
			await result;
		} catch {}

		// Decrement active count and process next queued function
		next();
	};

	const enqueue = (function_, resolve, reject, arguments_) => {
		const queueItem = {reject};

		// Queue the internal resolve function instead of the run function
		// to preserve the asynchronous execution context.
		new Promise(internalResolve => { // eslint-disable-line promise/param-names
			queueItem.run = internalResolve;
			queue.enqueue(queueItem);
		}).then(run.bind(undefined, function_, resolve, arguments_)); // eslint-disable-line promise/prefer-await-to-then

		// Start processing immediately if we haven't reached the concurrency limit
		if (activeCount < concurrency) {
			resumeNext();
		}
	};

	const generator = (function_, ...arguments_) => new Promise((resolve, reject) => {
		enqueue(function_, resolve, reject, arguments_);
	});

	Object.defineProperties(generator, {
		activeCount: {
			get: () => activeCount,
		},
		pendingCount: {
			get: () => queue.size,
		},
		clearQueue: {
			value() {
				if (!rejectOnClear) {
					queue.clear();
					return;
				}

				const abortError = AbortSignal.abort().reason;

				while (queue.size > 0) {
					queue.dequeue().reject(abortError);
				}
			},
		},
		concurrency: {
			get: () => concurrency,

			set(newConcurrency) {
				validateConcurrency(newConcurrency);
				concurrency = newConcurrency;

				queueMicrotask(() => {
					// eslint-disable-next-line no-unmodified-loop-condition
					while (activeCount < concurrency && queue.size > 0) {
						resumeNext();
					}
				});
			},
		},
		map: {
			async value(iterable, function_) {
				const promises = [];

				try {
					Array.from(iterable, (value, index) => {
						const promise = generator(function_, value, index);
						promises.push(promise);
						return promise;
					});
				} catch (error) {
					// The iterable threw, so `Promise.all` never observes the already scheduled promises. Observe them here to avoid unhandled rejections.
					for (const promise of promises) {
						promise.catch(() => {}); // eslint-disable-line promise/prefer-await-to-then
					}

					throw error;
				}

				return Promise.all(promises);
			},
		},
	});

	return generator;
}

function limitFunction(function_, options) {
	const limit = pLimit(options);

	const limitedFunction = (...arguments_) => limit(() => function_(...arguments_));
	Object.defineProperty(limitedFunction, 'clearQueue', {
		value: limit.clearQueue,
	});

	return limitedFunction;
}

function validateConcurrency(concurrency) {
	if (!((Number.isInteger(concurrency) || concurrency === Number.POSITIVE_INFINITY) && concurrency > 0)) {
		throw new TypeError('Expected `concurrency` to be a number from 1 and up');
	}
}

// EXTERNAL MODULE: ./src/core/shared/errors.ts + 1 modules
var errors = __nccwpck_require__(2287);
// EXTERNAL MODULE: ./src/core/shared/clock.ts
var shared_clock = __nccwpck_require__(763);
// EXTERNAL MODULE: ./src/core/transport/send.ts
var send = __nccwpck_require__(5163);
;// CONCATENATED MODULE: ./src/core/options/time-limits.ts



/** Far above any upload that keeps moving, and well under a job's six hours. */
const DEFAULT_DELIVERY_MS = 3 * 60 * 60 * 1000;
/** The environment variables that tune the limits, with the unit each is given in. */
const LIMIT_VARIABLES = {
    connect: 'MOBILE_DEPLOY_CONNECT_TIMEOUT_SECONDS',
    idle: 'MOBILE_DEPLOY_IDLE_TIMEOUT_SECONDS',
    request: 'MOBILE_DEPLOY_REQUEST_TIMEOUT_SECONDS',
    delivery: 'MOBILE_DEPLOY_STEP_TIMEOUT_MINUTES'
};
/**
 * Pure: the limits from the environment, the defaults where a variable is
 * unset; a value that is not a positive number fails before any request,
 * naming the variable.
 */
function limitsFromEnv(env) {
    const read = (name, unitMs, fallbackMs) => {
        const raw = env[name]?.trim();
        if (!raw)
            return fallbackMs;
        const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
        if (!(value > 0) || value * unitMs > 2 ** 31 - 1) {
            throw new errors/* DeployError */.sH(`Environment variable ${name} is ${(0,shared_text/* quote */.hD)(raw)}, which is not a positive number in range. Remove it for the default, or give a number such as 60.`);
        }
        return Math.max(1, Math.round(value * unitMs));
    };
    return {
        timeouts: {
            connectMs: read(LIMIT_VARIABLES.connect, 1000, send/* DEFAULT_TIMEOUTS */.Rh.connectMs),
            idleMs: read(LIMIT_VARIABLES.idle, 1000, send/* DEFAULT_TIMEOUTS */.Rh.idleMs),
            requestMs: read(LIMIT_VARIABLES.request, 1000, send/* DEFAULT_TIMEOUTS */.Rh.requestMs)
        },
        deliveryMs: read(LIMIT_VARIABLES.delivery, 60_000, DEFAULT_DELIVERY_MS)
    };
}

// EXTERNAL MODULE: ./src/core/inspect/read.ts + 4 modules
var read = __nccwpck_require__(2639);
;// CONCATENATED MODULE: external "node:fs/promises"
const promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
;// CONCATENATED MODULE: ./src/core/shared/files.ts





/** Opened for appending, created when absent; never through a symbolic link, never waiting for a FIFO's reader (both where the system has them). */
const APPEND_HERE = external_node_fs_.constants.O_WRONLY |
    external_node_fs_.constants.O_APPEND |
    external_node_fs_.constants.O_CREAT |
    (external_node_fs_.constants.O_NOFOLLOW ?? 0) |
    (external_node_fs_.constants.O_NONBLOCK ?? 0);
/** Opened for writing, created when absent, on the same terms. */
const WRITE_HERE = external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | (external_node_fs_.constants.O_NOFOLLOW ?? 0) | (external_node_fs_.constants.O_NONBLOCK ?? 0);
/**
 * Makes sure a file the deploy writes at its end (a hand-over, a JUnit
 * report) can be written, before the first request: a run created whose
 * report or hand-over cannot be written would be created again by a rerun.
 * The path must name a regular file or nothing yet: a symbolic link would
 * have the report written wherever it points (a file of the job's, another
 * step's script), and a FIFO or a device would hang the job or swallow the
 * report; both are bad usage, refused naming the setting (`named`). Its
 * folder is made when missing; the file is created empty when absent, and
 * left as it is otherwise.
 */
async function ensureWritable(path, named, shown = path) {
    const kind = await kindOf(path);
    if (kind !== undefined && kind !== 'a regular file')
        throw refused(named, shown, kind);
    try {
        await (0,promises_namespaceObject.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
        const handle = await (0,promises_namespaceObject.open)(path, APPEND_HERE);
        try {
            // Between the look and the open, something else may have taken the path.
            const stat = await handle.stat();
            if (!stat.isFile())
                throw refused(named, shown, describe(stat));
        }
        finally {
            await handle.close();
        }
    }
    catch (error) {
        if (error instanceof errors/* InputError */.dz)
            throw error;
        const code = error.code;
        if (code === 'ELOOP')
            throw refused(named, shown, 'a symbolic link');
        if (code === 'ENXIO')
            throw refused(named, shown, 'a FIFO or a socket');
        throw new errors/* DeployError */.sH(`${named} names ${(0,shared_text/* quote */.hD)(shown)}, which cannot be written (${code ?? (0,errors/* messageOf */.bD)(error)}); nothing was sent. Point it at a file in a folder the job can write.`);
    }
}
/**
 * Refuses a path a report could never be written to, only by looking at
 * it, before anything is sent or written (a check run, a comment, another
 * report): a folder where a file is wanted, anything but a folder where a
 * folder is (a link to one is followed), or a file on its way where a folder
 * would have to be made. Nothing is created here: a step refused later for
 * another reason leaves no empty report behind. What only writing can tell
 * (permissions, a full disk) is left to `ensureWritable`.
 */
async function ensureUsable(path, named, wanted, shown = path) {
    const kind = wanted === 'file' ? await kindOf(path) : await kindOf(path, promises_namespaceObject.stat);
    const fits = wanted === 'file' ? 'a regular file' : 'a folder';
    if (kind !== undefined && kind !== fits)
        throw refused(named, shown, kind, wanted);
    for (let at = (0,external_node_path_.dirname)(path); kind === undefined; at = (0,external_node_path_.dirname)(at)) {
        const above = await kindOf(at, promises_namespaceObject.stat);
        if (above === 'a folder')
            return;
        if (above !== undefined)
            throw new errors/* InputError */.dz({ named }, `names ${(0,shared_text/* quote */.hD)(shown)}, and ${(0,shared_text/* quote */.hD)(at)} on its way is ${above}, not a folder; nothing was sent`, `Point it at a path in a folder, or where nothing is yet (the folders are made)`);
        if ((0,external_node_path_.dirname)(at) === at)
            return;
    }
}
/**
 * Writes a file the deploy hands over (replacing what it held), only if the
 * path still names a regular file or nothing: a link or a FIFO put there
 * while the deploy ran is refused as before the first request, never written
 * through or waited on.
 */
async function writeOutputFile(path, text, named, shown = path) {
    let handle;
    try {
        handle = await (0,promises_namespaceObject.open)(path, WRITE_HERE);
    }
    catch (error) {
        const code = error.code;
        if (code === 'ELOOP')
            throw refused(named, shown, 'a symbolic link');
        if (code === 'ENXIO')
            throw refused(named, shown, 'a FIFO or a socket');
        throw error;
    }
    try {
        const stat = await handle.stat();
        if (!stat.isFile())
            throw refused(named, shown, describe(stat));
        await handle.truncate(0);
        await handle.writeFile(text);
    }
    finally {
        await handle.close();
    }
}
/** What the path names now, in words; undefined when nothing is there. */
async function kindOf(path, look = promises_namespaceObject.lstat) {
    try {
        return describe(await look(path));
    }
    catch {
        // Absent, or not reachable: the open says which.
        return undefined;
    }
}
function describe(stat) {
    if (stat.isFile())
        return 'a regular file';
    if (stat.isSymbolicLink())
        return 'a symbolic link';
    if (stat.isDirectory())
        return 'a folder';
    if (stat.isFIFO())
        return 'a FIFO';
    if (stat.isSocket())
        return 'a socket';
    return 'a device';
}
function refused(named, shown, kind, wanted = 'file') {
    return wanted === 'file'
        ? new errors/* InputError */.dz({ named }, `names ${(0,shared_text/* quote */.hD)(shown)}, which is ${kind}, not a regular file; nothing was sent`, kind === 'a folder'
            ? 'Point it at a file (a path inside that folder, such as report.xml), or at a path where nothing is yet (it is created)'
            : 'Point it at a regular file, or at a path where nothing is yet (it is created)')
        : new errors/* InputError */.dz({ named }, `names ${(0,shared_text/* quote */.hD)(shown)}, which is ${kind}, not a folder; nothing was sent`, 'Point it at a folder, or at a path where nothing is yet (it is made)');
}

// EXTERNAL MODULE: ./src/core/shared/option-refs.ts
var option_refs = __nccwpck_require__(4579);
;// CONCATENATED MODULE: ./src/core/report/links.ts
/** Pure: the origins of the service's base URL and of GitHub's server (GITHUB_SERVER_URL, else github.com). */
function linkOrigins(baseUrl, serverUrl) {
    return [baseUrl, serverUrl || 'https://github.com'].flatMap(url => {
        const origin = originOf(url);
        return origin ? [origin] : [];
    });
}
function originOf(url) {
    if (!url)
        return undefined;
    try {
        const parsed = new URL(url);
        return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
    }
    catch {
        return undefined;
    }
}
/** Pure: the URL when it leads to one of `origins`; undefined otherwise. */
function trustedUrl(url, origins) {
    const origin = originOf(url);
    return origin && origins.includes(origin) ? url : undefined;
}
/** Pure: the deployment with every link that leads outside `origins` left out. */
function withTrustedLinks(deployment, origins) {
    const url = (value) => trustedUrl(value, origins);
    const bugs = (list) => list.map(bug => ({ ...bug, url: url(bug.url) }));
    const { verdict, git } = deployment;
    return {
        ...deployment,
        runUrl: url(deployment.runUrl),
        ...(git ? { git: { ...git, commitUrl: url(git.commitUrl) } } : {}),
        ...(verdict
            ? {
                verdict: {
                    ...verdict,
                    runUrl: url(verdict.runUrl),
                    bugsUrl: url(verdict.bugsUrl),
                    bugs: bugs(verdict.bugs),
                    blockingBugs: bugs(verdict.blockingBugs)
                }
            }
            : {})
    };
}

;// CONCATENATED MODULE: ./src/core/report/attestation.ts







const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
const TEST_RESULT_TYPE = 'https://in-toto.io/attestation/test-result/v0.1';
/** The files of the folder, by what they hold. */
const ATTESTATION_FILES = {
    subjects: 'subjects.sha256',
    predicate: 'predicate.json',
    statement: 'statement.json'
};
/** Pure: the subjects and the predicate of the step's verdicts; undefined when no build of it was read. */
function attestationOf(facts, context) {
    const subjects = [];
    const passedTests = [];
    const failedTests = [];
    const configuration = [];
    for (const deployment of facts.deployments) {
        const subject = subjectOf(deployment);
        if (subject && !subjects.some(s => s.digest.sha256 === subject.digest.sha256))
            subjects.push(subject);
        const test = subject ? `${subject.name}@sha256:${subject.digest.sha256}` : deployment.name;
        (testedAndPassed(deployment) ? passedTests : failedTests).push(test);
        configuration.push(configurationOf(deployment, context.origins));
    }
    if (subjects.length === 0)
        return undefined;
    const url = trustedUrl(context.workflowRunUrl, context.origins);
    return {
        subjects,
        predicate: {
            result: failedTests.length === 0 ? 'PASSED' : 'FAILED',
            configuration,
            ...(url ? { url } : {}),
            passedTests,
            warnedTests: [],
            failedTests
        }
    };
}
/**
 * Pure: whether these bytes passed a run that tested them: the run the
 * deployment created passed. A run the service already had for the
 * deployment (a repeated notification: the bytes sent now may not be the
 * ones it tested) and a newer run that superseded it (another commit's
 * bytes) decide nothing about these bytes. That the run was created for
 * them must be known: a collected deployment whose sealed facts do not say
 * so (a check written before they did) attests no pass.
 */
function testedAndPassed(deployment) {
    const { verdict } = deployment;
    return (verdict?.verdict === 'passed' &&
        deployment.duplicate === false &&
        deployment.runId !== undefined &&
        verdict.runId === deployment.runId);
}
/**
 * Pure: the subjects as `actions/attest` reads a checksums file: `<sha256>  <name>`,
 * a line each, ended as the system ends lines (the action's first v4
 * releases split the file on the runner's own line ending).
 */
function checksumsOf(subjects, eol = external_node_os_namespaceObject.EOL) {
    return subjects.map(({ name, digest }) => `${digest.sha256}  ${name}${eol}`).join('');
}
/** Pure: the in-toto Statement v1 of the subjects and the predicate. */
function statementOf(subjects, predicate) {
    return { _type: STATEMENT_TYPE, subject: subjects, predicateType: TEST_RESULT_TYPE, predicate };
}
/** A build as a subject: its file's name on one line (a checksums file's line is one subject), the digest of the bytes sent. */
function subjectOf(deployment) {
    const { artifact } = deployment;
    if (!artifact?.sha256 || !/^[0-9a-f]{64}$/.test(artifact.sha256))
        return undefined;
    // eslint-disable-next-line no-control-regex -- a control character would end or split the checksums line
    const name = artifact.name.replace(/[\u0000-\u001f\u007f]/g, '?');
    return { name, digest: { sha256: artifact.sha256 } };
}
/**
 * What was tested with: the deployment by its name, its run and its verdict.
 * The run's page is its `uri`. A deployment with no run (or a run whose page
 * is not the service's) has no page to point to and no bytes of its own to
 * digest (the build's digest is the subject's, not the run's), so its entry
 * holds what is known as `content`: a small JSON of the run (none, or only
 * an id), the verdict and why no run was made, in the product's own words
 * only; the service's words (the run's id) stay in `annotations`, where the
 * predicate's redaction reads them, never hidden in base64.
 */
function configurationOf(deployment, origins) {
    const runId = deployment.verdict?.runId ?? deployment.runId;
    const verdict = deployment.verdict?.verdict ?? 'none';
    const uri = trustedUrl(deployment.verdict?.runUrl ?? deployment.runUrl, origins);
    const annotations = { ...(runId ? { runId } : {}), verdict };
    if (uri)
        return { name: deployment.name, uri, annotations };
    const known = {
        run: runId ? 'unlinked' : null,
        verdict,
        ...(deployment.noRun ? { noRun: deployment.noRun.cause } : {})
    };
    const content = Buffer.from(JSON.stringify(known), 'utf8').toString('base64');
    return { name: deployment.name, content, mediaType: 'application/json', annotations };
}
/**
 * Pure: the predicate through the redaction, each entry's `content` set
 * aside: it is made of the product's own words only (see configurationOf),
 * and a mask inside base64 (a key's base64 can share a window with it)
 * would break the bytes in-toto requires there.
 */
function redactedPredicate(predicate, redact) {
    const bare = predicate.configuration.map(({ content: _content, ...entry }) => entry);
    const redacted = JSON.parse(redact(JSON.stringify({ ...predicate, configuration: bare })));
    redacted.configuration.forEach((entry, i) => {
        const { content } = predicate.configuration[i];
        if (content !== undefined)
            entry.content = content;
    });
    return redacted;
}
/**
 * Removes what an earlier step left in `folder`, before this one does
 * anything: a step refused before it attests anything must leave no
 * attestation for a signing step to find.
 */
async function clearAttestation(folder) {
    for (const file of Object.values(ATTESTATION_FILES))
        await (0,promises_namespaceObject.unlink)((0,external_node_path_.join)(folder, file)).catch(() => undefined);
}
/** Refuses a folder the attestation could never be written in, and a file of it that is no file, by looking only. */
async function attestationUsable(folder, shown = folder) {
    const named = (0,option_refs/* ref */.KR)('testAttestation');
    await ensureUsable(folder, named, 'folder', shown);
    for (const file of Object.values(ATTESTATION_FILES))
        await ensureUsable((0,external_node_path_.join)(folder, file), named, 'file', (0,external_node_path_.join)(shown, file));
}
/**
 * The attestation's files in `folder`: made writable before the first
 * request, written once the step is judged; when no build was read there is
 * nothing to attest, and the files are removed, so that the signing step's
 * condition (the checksums file exists) says so.
 */
function testAttestation(folder, context) {
    const path = (file) => (0,external_node_path_.join)(folder, ATTESTATION_FILES[file]);
    const named = (0,option_refs/* ref */.KR)('testAttestation');
    return {
        name: `test attestation ${(0,shared_text/* quote */.hD)(folder)}`,
        async prepare() {
            for (const file of Object.keys(ATTESTATION_FILES))
                await ensureWritable(path(file), named);
        },
        async finish(facts) {
            const attestation = attestationOf(facts, context);
            if (!attestation) {
                await clearAttestation(folder);
                context.log.notice(`No build's bytes were sent, so there is nothing to attest: ${(0,shared_text/* quote */.hD)(folder)} holds no attestation.`, 'Nothing attested');
                return;
            }
            // The predicate goes through the one redaction; the statement holds the very same predicate.
            const predicate = redactedPredicate(attestation.predicate, text => context.secrets.redactValue(text));
            const predicateText = JSON.stringify(predicate, null, 2);
            await writeOutputFile(path('subjects'), checksumsOf(attestation.subjects), named);
            await writeOutputFile(path('predicate'), `${predicateText}\n`, named);
            await writeOutputFile(path('statement'), `${JSON.stringify(statementOf(attestation.subjects, predicate), null, 2)}\n`, named);
            context.log.info(`Test attestation: ${predicate.result} for ${attestation.subjects.length} build(s), in ${(0,shared_text/* quote */.hD)(folder)}.`);
        }
    };
}

// EXTERNAL MODULE: ./src/core/shared/option-spec.ts
var option_spec = __nccwpck_require__(9010);
;// CONCATENATED MODULE: ./src/core/model.ts
// ---------------------------------------------------------------- outcome
/** `success`: a run was created (or a preview answered without one, or an environment ended); `failed`: the service created no run; `aborted`: the deploy could not be done; `skipped`: no notification was sent. */
const OUTCOMES = ['success', 'failed', 'aborted', 'skipped'];
/** How a wait ended: the run's verdict, or the timeout (the values of the `verdict` output). */
const VERDICT_NAMES = ['passed', 'failed', 'canceled', 'timed-out'];

// EXTERNAL MODULE: ./src/core/shared/format.ts
var format = __nccwpck_require__(4846);
;// CONCATENATED MODULE: ./src/core/report/words.ts



const PLATFORM_NAMES = { android: 'Android', ios: 'iOS' };
const CAUSE_WORDS = {
    'deploy-failed': 'the deploy failed',
    usage: 'an option cannot be used',
    'run-failed': 'the run found blocking bugs',
    'timed-out': 'the wait for the verdict timed out',
    canceled: 'canceled'
};
/*
 * Two facts, never one column: what the step itself did with a deployment
 * (deployWords) and the run's verdict (verdictWords). Only a passed verdict
 * wears ✅ or the words "passed" and "success"; a state that is not a
 * verdict (run created, pending, uploaded, a dry run, an environment ended)
 * wears a neutral mark, for a later job may not be able to correct what an
 * earlier one wrote.
 */
/** What a check run and a comment say of a verdict a scheduled collect will bring. */
const PENDING_WORDS = 'The verdict is pending: the scheduled collect puts it here, and on its check run or commit status, once the run has ended.';
/** A deployment whose verdict a scheduled collect will bring: its run was created, nothing ended it yet. */
function isPending(deployment) {
    return Boolean(deployment.reportLater && deployment.runId && !deployment.verdict && !deployment.failure);
}
/** A verdict in a few words, as every report that shows one says it. */
const VERDICT_WORDS = {
    passed: '✅ passed',
    failed: '❌ failed (blocking bugs)',
    canceled: '⏹️ canceled',
    'timed-out': '⌛ timed out (the run goes on)'
};
/** A verdict in a few words; one that will never come (the service no longer reports on the run) says so. */
function verdictText(verdict) {
    return verdict.gone
        ? '⌛ no verdict (the service no longer reports on the run)'
        : VERDICT_WORDS[verdict.verdict];
}
/** What the step itself did with the deployment, in a few words: never a verdict's mark. */
function deployWords(deployment) {
    const { failure, mode } = deployment;
    if (mode === 'terminate') {
        if (deployment.terminated)
            return deployment.terminated.state === 'already'
                ? '➖ environment already ended before'
                : '➖ environment ended';
        return failure ? failureWords(failure) : '➖ ending the environment';
    }
    if (mode === 'skip') {
        if (failure)
            return failureWords(failure);
        return deployment.skipped?.standing
            ? `➖ not deployed; a check run of this name was already there (${deployment.skipped.standing}), so nothing was written over it`
            : '➖ skipped: nothing deployed';
    }
    if (deployment.dryRun)
        return '➖ dry run (nothing uploaded or notified)';
    if (mode === 'wait')
        return '➖ wait only (nothing deployed)';
    if (deployment.preview)
        return '➖ preview deployment, no run';
    if (deployment.runId)
        return deployment.duplicate
            ? '➖ run created earlier (a repeated notification)'
            : '➖ run created';
    if (deployment.noRun)
        return deployment.failOnNoRun ? '❌ no run created' : '⚠️ no run created';
    if (failure)
        return failureWords(failure);
    if (deployment.outcome === 'skipped')
        return mode === 'upload' ? '➖ uploaded, not notified' : '➖ not notified';
    return '⏳ deploying';
}
function failureWords(failure) {
    if (failure.aborted)
        return '⏹️ stopped';
    return failure.usage ? '❌ refused before any request' : '❌ the deploy failed';
}
/**
 * The run's verdict in a few words, or where it stands: awaited (its stage),
 * pending (a collect brings it), not awaited by this step, or stopped before
 * it came; undefined where there is no run to judge.
 */
function verdictWords(deployment) {
    const { verdict, failure, runId } = deployment;
    if (verdict)
        return verdictText(verdict);
    if (!runId)
        return undefined;
    if (failure?.aborted)
        return '⏹️ not known: the wait was stopped (the run goes on)';
    if (failure)
        return '❌ not known: the wait failed';
    if (isPending(deployment))
        return '⏳ pending (a scheduled collect brings it)';
    if (deployment.wait)
        return `⏳ ${deployment.stage ?? 'awaited'}`;
    return '➖ not awaited by this step';
}
/** One status line for a deployment, as a check's title and a comment's heading say it: its verdict where it has one, else what the step did. */
function statusLine(deployment) {
    const verdict = verdictWords(deployment);
    const deploy = deployWords(deployment);
    if (deployment.verdict || !verdict)
        return verdict ?? deploy;
    return verdict.startsWith('➖') ? `${deploy}; verdict ${verdict.slice(2)}` : verdict;
}
/**
 * A step's headline, as a summary heads it: a failure with its cause; ✅
 * only when every deployment's run passed; else what the step did, neutral.
 */
function stepWords(judgement, deployments) {
    if (judgement.conclusion === 'failure')
        return `❌ failure: ${CAUSE_WORDS[judgement.cause] ?? 'the step failed'}`;
    if (judgement.conclusion === 'warning')
        return '⚠️ done, with a warning';
    if (deployments.length > 0 && deployments.every(d => d.verdict?.verdict === 'passed'))
        return '✅ passed';
    if (deployments.some(isPending))
        return '⏳ verdict pending';
    const said = [...new Set(deployments.map(statusLine))];
    return said.length === 1 ? said[0] : '➖ done, no verdict awaited';
}
/**
 * A step of several deployments in one line, as a many-build comment, a
 * Slack message and a collect head with it: the verdicts counted by each
 * deployment's judgement, under the mark of the worst (❌ when one failed,
 * ✅ only when every run passed); a failure of the step's own (a report it
 * could not write, a collect that failed) says so first. One deployment is
 * said by stepWords.
 */
function tallyWords(judgement, deployments) {
    if (deployments.length <= 1)
        return stepWords(judgement, deployments);
    const count = (test) => deployments.filter(test).length;
    const failed = count(d => d.judgement?.conclusion === 'failure');
    const passed = count(d => d.verdict?.verdict === 'passed' && d.judgement?.conclusion !== 'failure');
    const pending = count(d => isPending(d) && d.judgement?.conclusion !== 'failure');
    const warned = count(d => d.judgement?.conclusion === 'warning');
    const rest = deployments.length - failed - passed - pending;
    const counts = `${deployments.length} deployments: ${[
        failed ? `${failed} failed` : '',
        passed ? `${passed} passed` : '',
        pending ? `${pending} pending` : '',
        rest ? `${rest} without a verdict` : ''
    ]
        .filter(Boolean)
        .join(', ')}`;
    if (failed > 0)
        return `❌ ${counts}`;
    if (judgement.conclusion === 'failure')
        return `${stepWords(judgement, deployments)}; ${counts}`;
    if (warned > 0 || judgement.conclusion === 'warning')
        return `⚠️ ${counts}`;
    if (passed === deployments.length)
        return `✅ ${counts}`;
    return `${pending > 0 ? '⏳' : '➖'} ${counts}`;
}
/** A stage as a check's title and a comment say it. */
function stageWords(status) {
    const { answer } = status;
    switch (status.stage) {
        case 'initializing':
            return 'initializing';
        case 'underReview':
            return answer.underInvestigation !== undefined
                ? `under review: ${answer.underInvestigation} workflow(s) under investigation`
                : 'under review';
        case 'completed':
            return 'completed';
        case 'canceled':
            return 'canceled';
        default:
            return 'waiting for the verdict';
    }
}
/** One line that says why the verdict stops the pipeline, and what to do; undefined when it passed. */
function verdictMessage(verdict) {
    const link = verdict.runUrl ? ` See ${verdict.runUrl}` : '';
    switch (verdict.verdict) {
        case 'passed':
            return undefined;
        case 'failed': {
            const shown = verdict.blockingBugs.slice(0, 10).map(describeBug);
            const more = verdict.blockingBugs.length > 10 ? `, and ${verdict.blockingBugs.length - 10} more` : '';
            const count = verdict.blockingBugsCount ?? verdict.blockingBugs.length;
            return `Run ${verdict.runId} failed with ${count} blocking bug(s)${shown.length ? `: ${shown.join('; ')}${more}` : ''}.${link} Fix them, or lower their priority in the service, and run again.`;
        }
        case 'canceled':
            return `Run ${verdict.runId} was canceled at the service, so it gives no verdict.${link} Deploy again for a new run.`;
        case 'timed-out': {
            if (verdict.gone)
                return `No verdict of run ${verdict.runId} will come: ${verdict.gone}`;
            const problem = verdict.problem
                ? ` The last asks got no usable answer: ${verdict.problem}`
                : '';
            return `The wait for the verdict of run ${verdict.runId} timed out after ${(0,format/* formatMinutes */.dp)(verdict.timeoutMs / 60_000)}; the run goes on at the service.${problem}${link} Wait again later with ${(0,option_refs/* setting */.Pe)('runId', verdict.runId)}, or raise ${(0,option_refs/* ref */.KR)('waitTimeoutMinutes')}.`;
        }
    }
}
/** One line that says why no run was created and what to do. */
function noRunMessage(noRun) {
    return `The service created no run: ${noRun.reason}. ${noRun.advice}`;
}
function describeBug(bug) {
    const number = bug.number !== undefined ? `#${bug.number} ` : '';
    return `${number}${(0,shared_text/* quote */.hD)(bug.name)} (${bug.priority}${bug.new ? ', new' : ''})${bug.url ? ` ${bug.url}` : ''}`;
}

;// CONCATENATED MODULE: ./src/core/report/outputs.ts





/**
 * The outputs, by the names the service's own clients use: one list, with
 * one description each (action.yml, the README and --help come from it), and
 * one derivation from what the deploy learned, used by every front end.
 */
const OUTPUTS = {
    playgroundFileLocation: `The uploaded file's path without the team id: the value sent as the run variable; when notifying with an earlier upload, the ${(0,option_refs/* ref */.KR)('runInputPath')} given.`,
    fileLocation: '<team_id>/<destination>, as the service returned it.',
    runId: "The created run's id (in wait-only mode, the run waited for); empty when no run was created, and with several builds (see runIds).",
    runIds: `Every run the step created (in wait-only mode, every run waited for), space-separated, in build order: what a wait of its own takes as ${(0,option_refs/* ref */.KR)('runId')}, whatever the number of builds.`,
    environmentId: 'The id of the environment the service chose (or ended), when its answer names one; with several builds, the one they share (a preview environment takes every build of a pull request); empty otherwise.',
    environmentIds: "Every environment the step's builds went to, space-separated, each once: what a step that ends them takes, whatever the number of builds.",
    outcome: 'success (a run was created, a preview deployment answered without one, or an environment ended), failed (the service created no run), aborted (the deploy could not be done) or skipped (no notification sent: upload only, wait-only, a dry run, or a deployment that is not healthy).',
    artifactSha256: 'Hex SHA-256 of the uploaded bytes.',
    artifactSize: 'Size of the uploaded file in bytes.',
    appId: "The build's app id, read from it before the upload: the Android package name or the iOS bundle id.",
    appVersion: "The build's version as people read it: Android's versionName, iOS's CFBundleShortVersionString.",
    buildNumber: "The build's version code (Android's versionCode, iOS's CFBundleVersion).",
    platform: 'The platform the build is for: android or ios; empty for a file that is no app.',
    verdict: "The run's verdict when waited for or collected: passed, failed (blocking bugs), canceled or timed-out; pending when a scheduled collect brings it (report-later); empty when the step did not wait. Only passed is a pass: outcome says what the deploy did, never how the run went.",
    greenlight: 'When waiting, true when the run lets the pipeline go ahead, as the service last answered; otherwise false.',
    runUrl: "The run's page, asked for once when the run is created (empty if the service did not name it); when waiting, the page of the run that decides (a superseding run, when there is one).",
    blockingBugsCount: 'When waiting, the blocking bugs of the run, as the service last counted them.',
    nonBlockingBugsCount: 'When waiting, the non-blocking bugs of the run, as the service last counted them.',
    bugs: "When waiting, a JSON array of the run's reproduced bugs: name, number, priority, blocking, new, url.",
    deployments: "A JSON array with an object per build (one for a step without a build): its name (the check run's), its outputs above but bugs, and its conclusion and cause. With several builds the outputs above are empty but outcome and verdict, which hold the most severe of the builds' (outcome: aborted, failed, skipped, success; verdict: failed, timed-out, canceled, pending, passed): read each build's here."
};
const OUTPUT_NAMES = Object.keys(OUTPUTS);
/** The outputs whose value is always one of a list: a wrapper that declares value options takes them from here. */
const OUTPUT_VALUES = {
    outcome: OUTCOMES,
    verdict: [...VERDICT_NAMES, 'pending'],
    platform: option_spec/* PLATFORMS */.P4
};
/** Pure: the outputs known from what was learned; nothing empty, nothing guessed. */
function outputValuesOf(deployment) {
    const { verdict, build } = deployment;
    // Like the build's size and SHA-256: the facts of what was sent, none when nothing was.
    const app = build?.platform && deployment.artifact?.sha256 !== undefined ? build : undefined;
    const uploaded = deployment.artifact?.sha256 !== undefined;
    const values = {
        playgroundFileLocation: deployment.playgroundFileLocation,
        fileLocation: deployment.fileLocation,
        runId: deployment.runId,
        environmentId: deployment.environmentId ?? deployment.terminated?.environmentId,
        outcome: deployment.outcome,
        artifactSha256: uploaded ? deployment.artifact?.sha256 : undefined,
        artifactSize: uploaded ? deployment.artifact?.size : undefined,
        appId: app?.appId,
        appVersion: app?.appVersion,
        buildNumber: app?.buildNumber,
        platform: app?.platform,
        verdict: verdict?.verdict ?? (isPending(deployment) ? 'pending' : undefined),
        greenlight: verdict?.greenlight,
        runUrl: verdict?.runUrl ?? deployment.runUrl,
        blockingBugsCount: verdict && blockingCount(deployment),
        nonBlockingBugsCount: verdict?.nonBlockingBugsCount ??
            (verdict?.answered ? verdict.bugs.filter(bug => !bug.blocking).length : undefined),
        bugs: verdict?.answered ? [...verdict.bugs] : undefined
    };
    return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ''));
}
/** The blocking bugs: the service's count, else the blocking bugs it listed; unknown when it never answered. */
function blockingCount(deployment) {
    const { verdict } = deployment;
    if (!verdict)
        return undefined;
    return verdict.blockingBugsCount ?? (verdict.answered ? verdict.blockingBugs.length : undefined);
}
/** Pure: one build's entry of `deployments`. */
function deploymentOutputs(deployment) {
    const { bugs, ...values } = outputValuesOf(deployment);
    void bugs;
    return {
        name: deployment.name,
        ...values,
        ...(deployment.judgement
            ? { conclusion: deployment.judgement.conclusion, cause: deployment.judgement.cause }
            : {})
    };
}
/** From the most severe down, as the step's outcome and verdict take the builds'. */
const OUTCOME_SEVERITY = ['aborted', 'failed', 'skipped', 'success'];
const VERDICT_SEVERITY = [
    'failed',
    'timed-out',
    'canceled',
    'pending',
    'passed'
];
/**
 * Pure: a step's outputs: one build's own and `deployments`; with several
 * builds, `deployments` and the most severe outcome and verdict of theirs,
 * and nothing that would be one build's value passed off as the step's.
 */
function stepOutputValues(deployments) {
    const entries = deployments.map(deploymentOutputs);
    const runs = entries.flatMap(entry => (entry.runId ? [entry.runId] : []));
    const runIds = runs.length > 0 ? { runIds: runs.join(' ') } : {};
    const environments = [
        ...new Set(entries.flatMap(entry => (entry.environmentId ? [entry.environmentId] : [])))
    ];
    const environmentIds = environments.length > 0 ? { environmentIds: environments.join(' ') } : {};
    if (deployments.length === 1)
        return {
            ...outputValuesOf(deployments[0]),
            ...runIds,
            ...environmentIds,
            deployments: entries
        };
    const most = (order, values) => order.find(value => values.includes(value));
    const outcome = most(OUTCOME_SEVERITY, entries.map(entry => entry.outcome));
    const verdict = most(VERDICT_SEVERITY, entries.map(entry => entry.verdict));
    return {
        ...runIds,
        ...environmentIds,
        // Every build in one environment (a pull request's preview): the step's own value, not one build's passed off.
        ...(environments.length === 1 && entries.every(entry => entry.environmentId)
            ? { environmentId: environments[0] }
            : {}),
        ...(outcome ? { outcome } : {}),
        ...(verdict ? { verdict } : {}),
        deployments: entries
    };
}
/** Pure: a step's outputs as the text a runner, a shell or a file carries; `bugs` and `deployments` as JSON. */
function outputsOf(deployments) {
    return Object.fromEntries(Object.entries(stepOutputValues(deployments)).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : JSON.stringify(value)
    ]));
}

;// CONCATENATED MODULE: ./src/core/report/junit.ts



const PACKAGE = 'mobile-build-deploy';
/** The verdict's case, and the class of each bug's. */
const VERDICT_CASE = 'Verdict';
const BUG_CLASS = `${PACKAGE}.bugs`;
/**
 * Characters XML 1.0 cannot hold: controls other than tab and line breaks,
 * U+FFFE and U+FFFF, and a surrogate that is not half of a pair. A pair (an
 * emoji) is a character XML holds, and is kept.
 */
const NOT_XML = 
// eslint-disable-next-line no-control-regex
/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/**
 * A value for a text node: never markup; an invisible character shown as an
 * escape, as in every outward text; a character XML refuses becomes U+FFFD;
 * a carriage return survives the parser's line-end rule.
 */
function xmlText(value) {
    return (0,shared_text/* showInvisible */.jQ)(value)
        .replace(NOT_XML, '\ufffd')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;')
        .replace(/\r/g, '&#13;');
}
/** A value for an attribute: as a text node, and with tabs and line breaks as references, which a parser would turn into spaces. */
function xmlAttribute(value) {
    return xmlText(value).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}
/** The failure's type by the judgement's cause. */
const FAILURE_TYPES = {
    'deploy-failed': 'DeployFailed',
    usage: 'BadUsage',
    'run-failed': 'BlockingBugs',
    'timed-out': 'WaitTimedOut',
    canceled: 'RunCanceled',
    success: 'Failed'
};
/** Pure: the JUnit XML of a deploy's judgement and outputs, as one suite. */
function junitXml(input) {
    return junitDocument([input]);
}
/** Pure: the JUnit XML of several suites, one per deployment, in the order given. */
function junitDocument(inputs) {
    return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites>',
        ...inputs.flatMap((input, id) => suiteLines(input, id)),
        '</testsuites>',
        ''
    ].join('\n');
}
const attributes = (pairs) => pairs.map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`).join('');
function suiteLines(input, id) {
    const { outputs, judgement } = input;
    const cases = [
        verdictCase(outputs, judgement),
        ...bugCases(outputs.bugs ?? [], judgement)
    ];
    const failures = cases.filter(c => c.failure).length;
    const skipped = cases.filter(c => c.skipped !== undefined).length;
    const suite = attributes([
        ['package', PACKAGE],
        ['id', id],
        ['name', input.name?.trim() || onlyName(outputs) || PACKAGE],
        ['timestamp', input.started.toISOString().slice(0, 19)],
        ['hostname', input.hostname?.trim() || 'localhost'],
        ['tests', cases.length],
        ['failures', failures],
        ['errors', 0],
        ['skipped', skipped],
        ['time', seconds(input.seconds)]
    ]);
    const properties = [
        ...OUTPUT_NAMES.filter(name => name !== 'bugs' && outputs[name] !== undefined).map((name) => [name, String(outputs[name])]),
        ['conclusion', judgement.conclusion],
        ['cause', judgement.cause]
    ];
    return [
        `  <testsuite${suite}>`,
        '    <properties>',
        ...properties.map(([name, value]) => `      <property${attributes([
            ['name', name],
            ['value', value]
        ])}/>`),
        '    </properties>',
        ...cases.map(testCase => caseXml(testCase)),
        `    <system-out>${xmlText(systemOut(outputs, judgement))}</system-out>`,
        '    <system-err/>',
        '  </testsuite>'
    ];
}
/** Why a suite names no run, by the deploy's outcome. */
const NO_RUN_WORDS = {
    success: 'none was to be created',
    failed: 'the service created none',
    aborted: 'the deploy stopped before one',
    skipped: 'not notified'
};
/** What a person reads under the suite: the run, its link, and the judgement's words. */
function systemOut(outputs, judgement) {
    // A state is never a verdict: without one, the words say what the step did, neutrally.
    const run = outputs.runId
        ? `Run ${outputs.runId}: ${outputs.verdict ? `verdict ${outputs.verdict}` : 'no verdict yet'}.`
        : `No run${outputs.outcome ? ` (${NO_RUN_WORDS[outputs.outcome]})` : ''}.`;
    return [run, outputs.runUrl, judgement.message].filter(Boolean).join('\n');
}
function verdictCase(outputs, judgement) {
    const testCase = { name: VERDICT_CASE, classname: PACKAGE };
    const { message } = judgement;
    if (judgement.conclusion === 'failure') {
        // Without the judgement's words (a deployment's entry of a result), the verdict when there is one.
        const said = message ??
            (outputs.verdict && outputs.runId
                ? `Run ${outputs.runId}: verdict ${outputs.verdict}.`
                : `The deploy failed (${judgement.cause}).`);
        const link = outputs.runUrl && !said.includes(outputs.runUrl) ? `\n${outputs.runUrl}` : '';
        return {
            ...testCase,
            failure: { type: FAILURE_TYPES[judgement.cause], message: said, details: `${said}${link}` }
        };
    }
    if (outputs.verdict === 'passed' && judgement.conclusion === 'success')
        return testCase;
    return {
        ...testCase,
        skipped: message ??
            (outputs.verdict
                ? `Run ${outputs.runId ?? ''}: ${outputs.verdict}.`
                : 'The verdict was not waited for.')
    };
}
/** A case per reproduced bug: a blocking bug fails only when the judgement fails; the others pass, named. */
function bugCases(bugs, judgement) {
    return bugs.map(bug => {
        const title = `${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`;
        const facts = `priority ${bug.priority}${bug.new ? ', new' : ''}${bug.url ? `, ${bug.url}` : ''}`;
        const testCase = { name: title, classname: BUG_CLASS };
        if (!bug.blocking)
            return testCase;
        if (judgement.conclusion !== 'failure')
            return {
                ...testCase,
                skipped: `Blocking bug ${title} (${facts}); the run's verdict lets the pipeline go on all the same.`
            };
        return {
            ...testCase,
            failure: {
                type: 'BlockingBug',
                message: `Blocking bug ${title} (${facts})`,
                details: `Blocking bug ${title}: ${facts}`
            }
        };
    });
}
function caseXml(testCase) {
    const head = `    <testcase${attributes([
        ['name', testCase.name],
        ['classname', testCase.classname],
        ['time', '0']
    ])}`;
    if (testCase.failure) {
        const { type, message, details } = testCase.failure;
        return `${head}>\n      <failure${attributes([
            ['message', message],
            ['type', type]
        ])}>${xmlText(details)}</failure>\n    </testcase>`;
    }
    if (testCase.skipped !== undefined)
        return `${head}>\n      <skipped${attributes([['message', testCase.skipped]])}>${xmlText(testCase.skipped)}</skipped>\n    </testcase>`;
    // A passed case, or a bug that does not block: named, and nothing more (the strict schema has no output on a case).
    return `${head}/>`;
}
/** The name of the one deployment the outputs are of, when they name one. */
function onlyName(outputs) {
    return outputs.deployments?.length === 1 ? outputs.deployments[0].name.trim() : undefined;
}
function seconds(value) {
    return Math.max(0, Number.isFinite(value) ? value : 0).toFixed(3);
}
/**
 * Pure: the JUnit XML of a step: a suite per deployment, named after it (the
 * same name from one pipeline to the next for the same build and
 * environment), each rendering its own judgement.
 */
function junitOfStep(facts, now = facts.endedAt ?? shared_clock/* clock */.pm.now()) {
    return junitDocument(facts.deployments.map(deployment => {
        const started = deployment.startedAt ?? now;
        return {
            outputs: outputValuesOf(deployment),
            judgement: deployment.judgement ?? facts.judgement,
            name: deployment.name,
            started: new Date(started),
            seconds: (now - started) / 1000
        };
    }));
}

;// CONCATENATED MODULE: ./src/core/report/junit-file.ts




/** The JUnit report of the step's verdicts, a suite per deployment. */
function junitFile(path) {
    return {
        name: `JUnit report ${(0,shared_text/* quote */.hD)(path)}`,
        prepare: () => ensureWritable(path, (0,option_refs/* ref */.KR)('junitReport')),
        finish: (facts) => writeOutputFile(path, junitOfStep(facts), (0,option_refs/* ref */.KR)('junitReport'))
    };
}

;// CONCATENATED MODULE: ./src/core/report/markdown.ts
/**
 * The one markdown renderer of the reports (the job summary, a summary file,
 * the check run, the pull-request comment), with its one escaper. The
 * product's own words are the only markdown; every value from outside (a
 * file, branch or check name, the service's words, a message) is a code
 * span, where GitHub links no mention (`@team`), no issue or pull request
 * (`#12`, `GH-12`, `owner/repo#12`), no commit, no URL, and renders no
 * markup or HTML. Invisible characters are shown as escapes, and no value can
 * open an HTML comment, so none can carry a comment's marker. Links are ours:
 * built from a parsed http(s) URL with every character outside a small safe
 * set percent-encoded.
 */

/**
 * A value as code: shown literally, whatever it holds. The fence is longer
 * than any run of backticks in it, and one space inside each end keeps a
 * backtick at either end apart from the fence. In a table a pipe is escaped
 * (GFM reads `\|` in a cell, code included, as the pipe). Two places are
 * split into two spans: between `<` and `!`, so that no value can open an
 * HTML comment, and in a table between a backslash and a pipe, where
 * renderers disagree on which of the two the backslash escapes.
 */
function code(value, { table = true } = {}) {
    const split = table ? /(?<=<)(?=!)|(?<=\\)(?=\|)/ : /(?<=<)(?=!)/;
    return (0,shared_text/* sanitize */.aj)(value)
        .split(split)
        .map(part => {
        const longest = Math.max(0, ...[...part.matchAll(/`+/g)].map(m => m[0].length));
        const fence = '`'.repeat(longest + 1);
        const text = table ? part.replace(/\|/g, '\\|') : part;
        // Spaces alone are kept as they are; otherwise one space each side is the renderer's to strip.
        return /^ *$/.test(text) ? `${fence}${text || ' '}${fence}` : `${fence} ${text} ${fence}`;
    })
        .join(' ');
}
// What a link's address keeps as it is: letters, digits, the unreserved `-._~` and the URL delimiters that
// mean nothing in a link's destination (an underscore there is never emphasis).
const HREF_KEEPS = /^[A-Za-z0-9\-./:?#=&%+,;@!$~_]$/;
/**
 * A link's address, from a parsed http(s) URL without user info, every other
 * character percent-encoded as UTF-8 (parentheses, quotes, brackets, angle
 * brackets, backticks, pipes, asterisks, backslashes, spaces)
 * and `&` written as the entity markdown decodes; undefined for anything
 * else. Unreserved characters stay as they are (RFC 3986, 2.3), so an
 * address reads as the service gave it; an encoded delimiter (`*`, `(`) is
 * one a server may tell apart, and the service's own links use none.
 */
function safeHref(url) {
    if (!url)
        return undefined;
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return undefined;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        return undefined;
    if (parsed.username || parsed.password)
        return undefined;
    return [...parsed.href]
        .map(c => HREF_KEEPS.test(c)
        ? c
        : [...Buffer.from(c, 'utf8')]
            .map(byte => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
            .join(''))
        .join('')
        .replace(/&/g, '&amp;');
}
/** A link with our own text (words, or a code span) to a safe address; the text alone when there is none. */
function markdown_link(text, url) {
    const href = safeHref(url);
    return href ? `[${text}](${href})` : text;
}
/** A markdown table: a header row, its rule, and a row per entry; each cell is markdown already. */
function table(header, rows) {
    return [
        `| ${header.join(' | ')} |`,
        `|${header.map(() => '---').join('|')}|`,
        ...rows.map(row => `| ${row.join(' | ')} |`)
    ];
}
/**
 * The lines joined, or as many whole lines as fit with `rest` after them: a
 * line is never cut inside, where a code span could be left open and a value
 * in it read as markdown.
 */
function cut(lines, fits, rest) {
    const whole = lines.join('\n');
    if (fits(whole))
        return whole;
    const kept = [...lines];
    while (kept.length > 0 && !fits(`${kept.join('\n')}\n\n${rest}`))
        kept.pop();
    return `${kept.join('\n')}\n\n${rest}`;
}

;// CONCATENATED MODULE: ./src/core/report/rows.ts




/** Every row a report may show, by its label. */
const ROWS = {
    // Two facts, two rows: what the step did, and the run's verdict (or where it stands).
    Deploy: d => deployWords(d),
    Verdict: d => verdictWords(d),
    'Skipped because': d => d.skipped && code(d.skipped.reason),
    Build: d => {
        if (!d.artifact)
            return undefined;
        const sha256 = d.artifact.sha256 ? `, SHA-256 ${code(d.artifact.sha256.slice(0, 12))}` : '';
        const to = d.destination ? ` → ${code(d.destination)}` : '';
        return `${code(d.artifact.name)} (${(0,format/* formatBytes */.z3)(d.artifact.size)}${sha256})${to}`;
    },
    Artifact: d => d.artifact && code(d.artifact.name),
    App: d => appText(outputValuesOf(d), value => code(value)),
    'Artifact link target': d => d.artifact?.target && code(d.artifact.target),
    Size: d => d.artifact && `${(0,format/* formatBytes */.z3)(d.artifact.size)} (${d.artifact.size} bytes)`,
    'SHA-256': d => d.artifact?.sha256 && code(d.artifact.sha256),
    Destination: d => d.destination && code(d.destination),
    playgroundFileLocation: d => d.playgroundFileLocation && code(d.playgroundFileLocation),
    'Deployment type': d => d.deploymentType && code(d.deploymentType),
    Branch: d => d.git?.branch && code(d.git.branch),
    Commit: d => d.git?.sha && markdown_link(code(d.git.sha.slice(0, 12)), d.git.commitUrl),
    'Pull request': d => d.git?.pullRequestNumber !== undefined ? `#${d.git.pullRequestNumber}` : undefined,
    Environment: d => d.environment && code(d.environment),
    'Environment id': d => d.environmentId && code(d.environmentId),
    'Run id': d => d.runId && code(d.runId),
    Run: d => {
        const { runId, runUrl } = outputValuesOf(d);
        return runId && markdown_link(code(d.verdict?.runId ?? runId), runUrl);
    },
    Bugs: d => bugCounts(d),
    Warning: d => (d.warnings.length > 0 ? d.warnings.map(w => code(w)).join('<br>') : undefined),
    Why: d => {
        const judgement = d.judgement;
        // A failed verdict's message names the blocking bugs, which the bug table shows.
        return judgement?.message &&
            judgement.conclusion !== 'success' &&
            d.verdict?.verdict !== 'failed'
            ? code(judgement.message)
            : undefined;
    },
    Problem: (d, { problem }) => {
        const text = problem ?? d.judgement?.message;
        return text && code(text);
    }
};
/** The rows a reviewer reads on a check run and in a comment. */
const REVIEW_ROWS = [
    'Build',
    'App',
    'Run',
    'Commit',
    'Environment',
    'Deploy',
    'Verdict',
    'Skipped because',
    'Bugs',
    'Why'
];
/** The table of the rows named, in that order, as markdown lines. */
function factsTable(deployment, names, context = {}) {
    const rows = names.flatMap(name => {
        const value = ROWS[name](deployment, context);
        return value ? [[name, value]] : [];
    });
    return ['| | |', '|---|---|', ...rows.map(([label, value]) => `| ${label} | ${value} |`)];
}
/** `2 blocking, 1 non-blocking`, by the counts the outputs carry; unknown counts say so; undefined without a verdict. */
function bugCounts(deployment) {
    if (!deployment.verdict)
        return undefined;
    const count = (n) => (n === undefined ? 'unknown' : String(n));
    return `${count(blockingCount(deployment))} blocking, ${count(outputValuesOf(deployment).nonBlockingBugsCount)} non-blocking`;
}
/** A table of bugs, the first `max`, each name a code span linked to the bug. */
function bugTable(bugs, max) {
    if (bugs.length === 0)
        return [];
    return table(['Bug', 'Priority', 'Blocking', 'New'], bugs.slice(0, max).map(bug => {
        const name = `${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`;
        return [
            markdown_link(code(name), bug.url),
            bug.priority,
            bug.blocking ? 'yes' : 'no',
            bug.new ? 'new' : ''
        ];
    }));
}
/**
 * Which app and version a run tested, for a summary or a comment: each value
 * from the build through `span`, the medium's own escaping (a code span).
 */
function appText(values, span) {
    if (!values.appId || !values.platform)
        return undefined;
    const version = values.appVersion ? ` ${span(values.appVersion)}` : '';
    const build = values.buildNumber ? ` (build ${span(values.buildNumber)})` : '';
    return `${span(values.appId)}${version}${build}, ${PLATFORM_NAMES[values.platform]}`;
}
/** Where the rest of what GitHub's limits cut is: the run's page and the workflow run's job summary. */
function elsewhere(deployment, workflowRunUrl) {
    const places = [
        markdown_link('the run’s page', deployment.verdict?.bugsUrl ?? outputValuesOf(deployment).runUrl),
        markdown_link('the job summary', workflowRunUrl)
    ];
    return `The rest is on ${places.join(' and in ')}.`;
}

;// CONCATENATED MODULE: ./src/core/report/judgement.ts


const CONCLUSIONS = { success: true, warning: true, failure: true };
const CAUSES = {
    success: true,
    'deploy-failed': true,
    usage: true,
    'run-failed': true,
    'timed-out': true,
    canceled: true
};
/**
 * Pure: the one rule from what was learned to pass, warning or failure: a
 * failed deploy fails; no run created fails unless `failOnNoRun` is false
 * (then a warning); a verdict other than passed fails, each by its cause.
 */
function conclude(deployment) {
    if (deployment.failure)
        return {
            conclusion: 'failure',
            cause: deployment.failure.usage
                ? 'usage'
                : deployment.failure.interrupted
                    ? 'canceled'
                    : 'deploy-failed',
            message: deployment.failure.message
        };
    if (deployment.noRun) {
        const message = noRunMessage(deployment.noRun);
        return deployment.failOnNoRun
            ? {
                conclusion: 'failure',
                cause: 'deploy-failed',
                message: `${message} Set ${(0,option_refs/* setting */.Pe)('failOnNoRun', 'false')} to make this a warning.`
            }
            : { conclusion: 'warning', cause: 'success', message };
    }
    const { verdict } = deployment;
    if (verdict && verdict.verdict !== 'passed') {
        const cause = verdict.verdict === 'failed' ? 'run-failed' : verdict.verdict;
        return { conclusion: 'failure', cause, message: verdictMessage(verdict) };
    }
    return { conclusion: 'success', cause: 'success' };
}
/**
 * The judgement a result carries (the library's `conclusion`, `cause` and
 * `reason`), read back as it was made, never made again from the outputs;
 * undefined when the value carries none.
 */
function judgementOf(result) {
    const { conclusion, cause, reason } = result;
    if (typeof conclusion !== 'string' || !Object.hasOwn(CONCLUSIONS, conclusion))
        return undefined;
    if (typeof cause !== 'string' || !Object.hasOwn(CAUSES, cause))
        return undefined;
    return {
        conclusion: conclusion,
        cause: cause,
        message: typeof reason === 'string' ? reason : undefined
    };
}
/**
 * The causes from the most severe down, as the step's exit code takes the
 * most severe of its deployments': an option that cannot be used (nothing
 * was sent), a deploy that failed (a build never reached a run), blocking
 * bugs, a wait that timed out, a canceled run, success.
 */
const CAUSE_SEVERITY = [
    'usage',
    'deploy-failed',
    'run-failed',
    'timed-out',
    'canceled',
    'success'
];
const CONCLUSION_SEVERITY = ['failure', 'warning', 'success'];
/** Pure: the more severe of two judgements, the first of equals. */
function severer(a, b) {
    const byConclusion = CONCLUSION_SEVERITY.indexOf(a.conclusion) - CONCLUSION_SEVERITY.indexOf(b.conclusion);
    if (byConclusion !== 0)
        return byConclusion < 0 ? a : b;
    return CAUSE_SEVERITY.indexOf(a.cause) <= CAUSE_SEVERITY.indexOf(b.cause) ? a : b;
}
/**
 * Pure: what a step comes to: the most severe of its deployments' judgements
 * (with several, its message names each that is not a plain success); a
 * problem of the step's own (a surface it must write) fails a step that
 * would pass, and is a detail of one that fails already.
 */
function stepJudgement(deployments, problem) {
    const passed = { conclusion: 'success', cause: 'success' };
    const judged = deployments.map(deployment => deployment.judgement ?? passed);
    const worst = judged.reduce(severer, passed);
    const failing = deployments.flatMap(({ name }, i) => {
        const { message, conclusion } = judged[i];
        return message && conclusion !== 'success' ? [{ name, message }] : [];
    });
    // One message for the step when every deployment stopped for the same reason (a refusal before any request).
    const shared = failing.every(f => f.message === failing[0]?.message);
    const messages = deployments.length > 1 && !(shared && failing.length === deployments.length)
        ? failing.map(({ name, message }) => `${name}: ${message}`)
        : worst.message
            ? [worst.message]
            : [];
    const judgement = {
        ...worst,
        message: messages.length > 0 ? messages.join(' ') : undefined
    };
    if (problem && judgement.conclusion !== 'failure')
        return { conclusion: 'failure', cause: 'deploy-failed', message: problem };
    return judgement;
}
/**
 * Pure: what a step comes to, whatever its mode: a deploy's by its
 * deployments (stepJudgement); a collect's by whether collecting worked,
 * never by the verdicts it collected (each deployment's judgement carries
 * its own): what stopped it, else a verdict it could not collect or a
 * report it had to write (`problem`) fails it.
 */
function judgeStep(facts, problem) {
    const { collect } = facts;
    if (!collect)
        return stepJudgement(facts.deployments, problem);
    const { failure, problems } = collect;
    if (failure)
        return {
            conclusion: 'failure',
            cause: failure.usage ? 'usage' : failure.interrupted ? 'canceled' : 'deploy-failed',
            message: failure.message
        };
    if (problem || problems.length > 0)
        return {
            conclusion: 'failure',
            cause: 'deploy-failed',
            message: problem ??
                `${problems.length} verdict(s) could not be collected; they are collected again next time.`
        };
    return { conclusion: 'success', cause: 'success' };
}
/**
 * Pure: deployments in the order every report that may fold them shows them
 * (a comment's rows, a summary's, a Slack message's sections): the failed
 * first, then those without a passed verdict (pending, not awaited, no run),
 * the passed last, each group in the step's order; so that what a fold
 * leaves out ("and N more") is only ever passed.
 */
function attentionFirst(deployments) {
    const rank = ({ judgement, verdict }) => judgement?.conclusion === 'failure' ? 0 : verdict?.verdict === 'passed' ? 2 : 1;
    return deployments
        .map((deployment, i) => ({ deployment, i }))
        .sort((a, b) => rank(a.deployment) - rank(b.deployment) || a.i - b.i)
        .map(({ deployment }) => deployment);
}

;// CONCATENATED MODULE: ./src/core/report/summary.ts





/** The bug tables of a step keep to this many bytes in all; a last row says how many more the run's page lists. */
const MAX_BUG_TABLE_BYTES = 512 * 1024;
/** Every fact a summary shows, in this order. */
const SUMMARY_ROWS = [
    'Deploy',
    'Verdict',
    'Skipped because',
    'Artifact',
    'App',
    'Artifact link target',
    'Size',
    'SHA-256',
    'Destination',
    'playgroundFileLocation',
    'Deployment type',
    'Branch',
    'Commit',
    'Pull request',
    'Environment',
    'Environment id',
    'Run id',
    'Run',
    'Bugs',
    'Warning',
    'Problem'
];
/** Pure: the bug rows of a deployment that fit the budget, and a last row naming how many were left out. */
function bugRows(deployment, budget = MAX_BUG_TABLE_BYTES) {
    const rows = (deployment.verdict?.bugs ?? []).map(bug => [
        markdown_link(code(`${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`), bug.url),
        bug.priority,
        bug.blocking ? 'blocking' : 'not blocking',
        bug.new ? 'new' : ''
    ]);
    let used = 0;
    for (const [i, row] of rows.entries()) {
        used += Buffer.byteLength(row.join('')) + 40;
        if (used > budget)
            return [...rows.slice(0, i), [`… and ${rows.length - i} more on the run's page`, '', '', '']];
    }
    return rows;
}
/** One deployment's section: its heading, its facts, its bugs. */
function section(deployment, facts, budget, heading) {
    const rows = factsTable(deployment, SUMMARY_ROWS, { problem: facts.problem }).slice(2);
    const bugs = bugRows(deployment, budget);
    return [
        heading,
        '',
        '| Item | Value |',
        '|---|---|',
        ...rows,
        ...(bugs.length > 0
            ? ['', '#### Bugs', '', ...table(['Bug', 'Priority', 'Blocking', 'New'], bugs)]
            : [])
    ];
}
/** Pure: the summary of a step, as markdown: a deploy's, or a collect's (collectHeading). */
function summaryMarkdown(facts) {
    // The failed and unjudged first, wherever a host caps the summary.
    const deployments = attentionFirst(facts.deployments);
    const budget = MAX_BUG_TABLE_BYTES / Math.max(1, deployments.length);
    if (deployments.length === 1 && !facts.collect)
        return `${section(deployments[0], facts, budget, `### Mobile build deploy: ${code(deployments[0].name, { table: false })}`).join('\n')}\n`;
    const overview = table(['Deployment', 'Deploy', 'Verdict', 'Run', 'Bugs'], deployments.map(deployment => {
        const { runId, runUrl } = outputValuesOf(deployment);
        return [
            code(deployment.name),
            ROWS.Deploy(deployment),
            ROWS.Verdict(deployment) ?? '',
            runId ? markdown_link(code(runId), runUrl) : '',
            bugCounts(deployment) ?? ''
        ];
    }));
    return `${[
        ...(facts.collect
            ? collectHeading(facts)
            : [`### Mobile build deploy: ${tallyWords(facts.judgement, deployments)}`]),
        ...(deployments.length > 0 ? ['', ...overview] : []),
        ...deployments.flatMap(deployment => [
            '',
            ...section(deployment, facts, budget, `#### ${code(deployment.name, { table: false })}`)
        ])
    ].join('\n')}\n`;
}
/**
 * A collect's heading: whether collecting worked (never a verdict's mark:
 * each collected deployment shows its own below), what it left, why it
 * stopped early, what it could not collect.
 */
function collectHeading({ judgement, collect, deployments }) {
    const { pending = 0, stopped, problems = [] } = collect ?? {};
    const done = `${deployments.length} verdict(s) collected, ${pending} still pending`;
    const failed = judgement.conclusion === 'failure';
    return [
        failed ? '### Mobile build collect: ❌ failure' : `### Mobile build collect: ➖ ${done}`,
        ...(failed ? ['', code(judgement.message ?? 'The collect failed.', { table: false })] : []),
        ...(failed && !collect?.failure ? ['', `${done}.`] : []),
        ...(stopped ? ['', `Stopped early: ${code(stopped, { table: false })}`] : []),
        ...problems.flatMap(problem => ['', `Not collected: ${code(problem, { table: false })}`])
    ];
}

;// CONCATENATED MODULE: ./src/core/report/summary-file.ts




/** The step's summary in markdown, in the file `summaryFile` names: what the action writes as its job summary, for any CI. */
function summaryFile(path) {
    return {
        name: `summary file ${(0,shared_text/* quote */.hD)(path)}`,
        prepare: () => ensureWritable(path, (0,option_refs/* ref */.KR)('summaryFile')),
        finish: (facts) => writeOutputFile(path, summaryMarkdown(facts), (0,option_refs/* ref */.KR)('summaryFile'))
    };
}

;// CONCATENATED MODULE: ./src/core/report/slack.ts





/** Slack's limits on a message's blocks, and the part of them this message keeps for itself. */
const SLACK_LIMITS = {
    blocks: 50,
    header: 150,
    section: 3000,
    /** Slack answers msg_blocks_too_long past about 13,000 characters of blocks: this message stays well under. */
    message: 11_000
};
/** Bugs named in a deployment's section; the rest are counted and linked. */
const BUGS_SHOWN = 5;
/** A value from outside, cut to this many characters. */
const VALUE_CHARACTERS = 120;
function slackWebhook(url, context) {
    return {
        name: `Slack message (${(0,option_refs/* ref */.KR)('slackWebhook')})`,
        async finish(facts) {
            if (facts.deployments.some(deployment => deployment.dryRun)) {
                context.log.info(`A dry run posts nothing to ${(0,option_refs/* ref */.KR)('slackWebhook')}.`);
                return;
            }
            // A collect that completed nothing has nothing to say: a schedule's every run would post.
            if (facts.collect && facts.deployments.length === 0)
                return;
            const message = slackMessage(facts, context);
            await context.send({
                method: 'POST',
                url,
                headers: { 'content-type': 'application/json' },
                body: context.secrets.redactValue(JSON.stringify(message))
            });
        }
    };
}
/** Pure: the message: its blocks, and the text a notification shows. */
function slackMessage(facts, context) {
    // The failed and unjudged first: past Slack's limits only passed deployments are counted instead of shown.
    const deployments = attentionFirst(facts.deployments).map(d => withTrustedLinks(d, context.origins));
    const heading = `Mobile build ${facts.collect ? 'collect' : 'deploy'}: ${headingWords(facts, deployments)}`;
    const header = {
        type: 'header',
        text: { type: 'plain_text', text: slack_cut(heading, SLACK_LIMITS.header), emoji: true }
    };
    const where = contextBlock(deployments[0], context);
    // The heading and where it ran first; each deployment's section within what is left.
    const room = SLACK_LIMITS.blocks - 3;
    const shown = deployments.slice(0, room);
    const sections = sectionsOf(shown);
    const rest = deployments.length - shown.length;
    if (rest > 0)
        sections.push(slack_section(`And ${rest} more deployment(s)${foldWords(deployments.slice(shown.length))}: ${slack_link(context.workflowRunUrl, 'the workflow run') || 'see the job summary'}.`));
    return {
        text: slack_cut(heading, SLACK_LIMITS.header),
        blocks: [header, ...sections, ...(where ? [where] : [])]
    };
}
/**
 * The deployments' sections within the message's room: an equal share each
 * at first; the room the passed ones leave over (a name and ✅ take little)
 * goes to the failed and unjudged, so that their bugs are shown.
 */
function sectionsOf(shown) {
    const total = SLACK_LIMITS.message - 1000;
    const each = Math.min(SLACK_LIMITS.section, Math.floor(total / Math.max(1, shown.length)));
    const passed = new Map(shown.filter(d => !notPassed(d)).map(d => [d, deploymentText(d, each)]));
    const others = shown.length - passed.size;
    const used = [...passed.values()].reduce((sum, text) => sum + text.length, 0);
    const more = Math.min(SLACK_LIMITS.section, Math.max(each, Math.floor((total - used) / Math.max(1, others))));
    return shown.map(d => slack_section(passed.get(d) ?? deploymentText(d, more)));
}
/** A deployment whose run did not pass, or that has no verdict: never folded while one that passed is shown. */
function notPassed(deployment) {
    return deployment.verdict?.verdict !== 'passed' || deployment.judgement?.conclusion === 'failure';
}
/**
 * What the heading says the step came to: a collect its collected verdicts
 * (its own judgement only says whether collecting worked), several
 * deployments their verdicts counted, one its own (words.ts).
 */
function headingWords(facts, deployments) {
    if (facts.collect && facts.judgement.conclusion !== 'failure' && deployments.length === 1)
        return statusLine(deployments[0]);
    return tallyWords(facts.judgement, deployments);
}
/** What the deployments past Slack's limits are: passed ones only, unless more failed or went unjudged than a message shows. */
function foldWords(folded) {
    const others = folded.filter(notPassed).length;
    return others === 0 ? ', each ✅ passed' : ` (${others} of them not passed)`;
}
/**
 * A deployment's lines, within `room` characters: its name and where it
 * stands always (cut to fit), then its app, run and bug counts, the skip's
 * reason, and its bugs, each while it fits: a line is whole or left out,
 * never cut inside its markup.
 */
function deploymentText(deployment, room) {
    const { verdict } = deployment;
    const runId = verdict?.runId ?? deployment.runId;
    const runUrl = verdict?.runUrl ?? deployment.runUrl;
    const max = Math.max(20, Math.min(VALUE_CHARACTERS, Math.floor(room / 3)));
    const app = deployment.build?.platform
        ? `${PLATFORM_NAMES[deployment.build.platform]} ${slack_code(deployment.build.appId, max)}`
        : undefined;
    const counts = bugCounts(deployment);
    const facts = [
        app,
        runId ? `run ${slack_link(runUrl, runId) || slack_code(runId, max)}` : undefined,
        counts && `bugs: ${slack_escape(counts)}`
    ].filter(Boolean);
    const bugs = verdict?.bugs ?? [];
    const more = bugs.length - BUGS_SHOWN;
    const optional = [
        facts.join(' · '),
        deployment.skipped ? `because ${slack_code(deployment.skipped.reason, max)}` : '',
        ...bugs.slice(0, BUGS_SHOWN).map(bug => {
            const name = `${bug.number !== undefined ? `#${bug.number} ` : ''}${bug.name}`;
            const about = [slack_escape(bug.priority), bug.blocking ? 'blocking' : '', bug.new ? 'new' : '']
                .filter(Boolean)
                .join(', ');
            return `• ${slack_link(bug.url, slack_cut(name, max), true) || slack_code(name, max)} (${about})`;
        }),
        more > 0
            ? `…and ${more} more: ${slack_link(verdict?.bugsUrl ?? runUrl, 'all bugs') || 'see the run'}`
            : ''
    ].filter(Boolean);
    let text = `*${slack_code(deployment.name, max)}*\n${slack_escape(slack_cut(statusLine(deployment), Math.floor(room / 2)))}`;
    for (const line of optional) {
        if (text.length + line.length + 1 > room)
            break;
        text += `\n${line}`;
    }
    return text;
}
/** Where the step ran: the commit, its branch, the workflow run. */
function contextBlock(deployment, context) {
    const git = deployment?.git;
    const parts = [
        git?.sha
            ? `commit ${slack_link(git.commitUrl, git.sha.slice(0, 12)) || slack_code(git.sha.slice(0, 12))}`
            : undefined,
        git?.branch ? `on ${slack_code(git.branch)}` : undefined,
        git?.pullRequestNumber !== undefined ? `pull request #${git.pullRequestNumber}` : undefined,
        context.workflowRunUrl ? slack_link(context.workflowRunUrl, 'workflow run') : undefined
    ].filter(Boolean);
    if (parts.length === 0)
        return undefined;
    return { type: 'context', elements: [{ type: 'mrkdwn', text: parts.join(' · ') }] };
}
function slack_section(text) {
    return { type: 'section', text: { type: 'mrkdwn', text } };
}
/** Slack's mrkdwn escapes: `&`, `<` and `>`, the only ones it has. */
function slack_escape(text) {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
/**
 * A value from outside as code, on one line: inside it Slack applies no
 * formatting, mention or link. A backtick, which would end it, is shown as
 * a modifier letter grave accent.
 */
function slack_code(value, max = VALUE_CHARACTERS) {
    const line = slack_cut(value.replace(/[\r\n\t]+/g, ' ').replace(/`/g, 'ˋ'), max).trim();
    return line ? `\`${slack_escape(line)}\`` : '(none)';
}
/** `<url|text>`, the URL's `|`, `<` and `>` encoded; empty where there is no URL. `asCode` shows the text as code. */
function slack_link(url, text, asCode = false) {
    if (!url)
        return '';
    const safe = url.replace(/[|<>\s]/g, c => encodeURIComponent(c));
    // Slack ends a link's URL at its first `|`; one in the label is shown as a broken bar all the same.
    const label = asCode ? slack_code(text.replace(/\|/g, '¦')) : slack_escape(text.replace(/[\r\n|]+/g, ' '));
    return `<${safe}|${label}>`;
}
/** A text cut to `max` characters, an ellipsis at the cut. */
function slack_cut(text, max) {
    return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

;// CONCATENATED MODULE: ./src/core/report/result.ts


/** Pure: the result of a step, read from its facts and judgement and never judged again. */
function resultOf({ deployments, judgement, warnings: own, endedAt }) {
    const deployment = deployments[0];
    const warnings = [...deployments.flatMap(deployment => deployment.warnings), ...own];
    const values = stepOutputValues(deployments);
    const now = endedAt ?? shared_clock/* clock */.pm.now();
    const started = Math.min(...deployments.map(d => d.startedAt ?? now));
    return {
        ...values,
        outcome: values.outcome ?? 'aborted',
        conclusion: judgement.conclusion,
        cause: judgement.cause,
        ...(judgement.message ? { reason: judgement.message } : {}),
        ...(warnings.length > 0 ? { warnings } : {}),
        startedAt: new Date(started).toISOString(),
        seconds: Math.max(0, Math.round(now - started) / 1000),
        ...(deployments.some(deployment => deployment.plan)
            ? {
                plan: deployments.flatMap(({ name, plan }) => (plan ? [{ name, ...plan }] : []))
            }
            : {}),
        ...(deployments.length === 1 && deployment.terminated
            ? { state: deployment.terminated.state }
            : {})
    };
}
/** Pure: a collect's result, read from its facts and judgement and never judged again. */
function collectResultOf(facts) {
    const { judgement, collect } = facts;
    const ended = facts.endedAt ?? shared_clock/* clock */.pm.now();
    const started = facts.startedAt ?? ended;
    return {
        conclusion: judgement.conclusion,
        cause: judgement.cause,
        ...(judgement.message ? { reason: judgement.message } : {}),
        completed: facts.deployments.map(deploymentOutputs),
        pending: collect?.pending ?? 0,
        ...(collect?.stopped ? { stopped: collect.stopped } : {}),
        problems: [...(collect?.problems ?? [])],
        warnings: [...(collect?.warnings ?? []), ...facts.warnings],
        requests: collect?.requests ?? 0,
        startedAt: new Date(started).toISOString(),
        seconds: Math.max(0, Math.round(ended - started) / 1000)
    };
}
/** Pure: a step's result as one object, whatever its mode: a collect's, else a deploy's. */
function stepResultOf(facts) {
    return facts.collect ? collectResultOf(facts) : resultOf(facts);
}

;// CONCATENATED MODULE: ./src/core/report/webhook.ts


function resultWebhook(url, context) {
    return {
        name: `result webhook (${(0,option_refs/* ref */.KR)('resultWebhook')})`,
        async finish(facts) {
            // A dry run starts no run, and its notification's variables (test credentials among them) stay here.
            if (facts.deployments.some(deployment => deployment.dryRun)) {
                context.log.info(`A dry run posts nothing to ${(0,option_refs/* ref */.KR)('resultWebhook')}.`);
                return;
            }
            const body = context.secrets.redactValue(JSON.stringify(stepResultOf(facts)));
            await context.send({
                method: 'POST',
                url,
                headers: { 'content-type': 'application/json' },
                body
            });
        }
    };
}

;// CONCATENATED MODULE: ./src/core/report/targets.ts
/**
 * The one registry of the reports an option asks for, whichever front end
 * runs the step: the JUnit report and the summary file by their paths, the
 * result webhook and the Slack message by their URLs. Each is built with the step's context
 * (reporter.ts); the GitHub reporter, which takes a reporting plan rather
 * than one option, is the orchestrator's (deploy/github.ts).
 */








/** Pure: a target of the registry, its value's type tied to its option's. */
function target(option, build, usable) {
    return { option, build, usable };
}
/** Every report an option can ask for. */
const REPORT_TARGETS = [
    target('junitReport', (path, context) => junitFile((0,external_node_path_.resolve)(context.workingDirectory, path)), (path, shown) => ensureUsable(path, (0,option_refs/* ref */.KR)('junitReport'), 'file', shown)),
    target('summaryFile', (path, context) => summaryFile((0,external_node_path_.resolve)(context.workingDirectory, path)), (path, shown) => ensureUsable(path, (0,option_refs/* ref */.KR)('summaryFile'), 'file', shown)),
    target('resultWebhook', (url, context) => resultWebhook(url, context)),
    target('slackWebhook', (url, context) => slackWebhook(url, context)),
    target('testAttestation', (folder, context) => testAttestation((0,external_node_path_.resolve)(context.workingDirectory, folder), context), attestationUsable)
];
/**
 * Refuses, as bad usage, a path an option names that no report could be
 * written to (a folder for a file, a file for a folder), by looking only:
 * run once the options are read, before the first request of any kind, so
 * that a step refused for it has sent nothing and written no check run,
 * comment or report.
 */
async function ensureReportPaths(values, workingDirectory) {
    for (const { option, usable } of REPORT_TARGETS) {
        const value = values[option];
        if (usable && typeof value === 'string')
            await usable((0,external_node_path_.resolve)(workingDirectory, value), value);
    }
}
/** The reports the options given ask for, each built with the step's context. */
function optionReporters(values, context) {
    return REPORT_TARGETS.flatMap(({ option, build }) => values[option] === undefined ? [] : [build(values[option], context)]);
}

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: ./src/core/report/identity.ts


/** The longest detail in a name's parentheses: a name stays readable, and within a check run's. */
const MAX_DETAIL = 45;
/** The longest check-name: with the details a step adds (an app, an environment, two to tell apart, a place), a name stays within MAX_NAME_CHARACTERS. */
const MAX_CHECK_NAME = 100;
/** Pure: a deployment's name by the rule above, as its parts; `several` when the step deploys more than one build. */
function nameOf(parts, build, several = false) {
    const app = build?.platform
        ? `${PLATFORM_NAMES[build.platform]}: ${shorten(build.appId)}`
        : undefined;
    if (parts.checkName)
        return { head: parts.checkName, details: several && app ? [app] : [] };
    const which = [app, parts.environment || parts.deploymentType].filter((part) => Boolean(part));
    return { head: 'Mobile tests', details: which.map(shorten) };
}
/** Pure: a name's text: `head (detail, detail)`. */
function joinName({ head, details }) {
    return details.length > 0 ? `${head} (${details.join(', ')})` : head;
}
/** Pure: the deployment's name, by the rule above. */
function deploymentName(parts, build, several = false) {
    return joinName(nameOf(parts, build, several));
}
/**
 * Pure: the names of a step's deployments, each unique in the step: where
 * two would be alike, each of them takes its next detail that tells it apart
 * (`apart`, in order of preference), and, should every one be alike too, its
 * place in the step.
 */
function distinctNames(names, apart) {
    const details = names.map(name => [...name.details]);
    const used = names.map(() => 0);
    const text = (i) => joinName({ head: names[i].head, details: details[i] });
    for (let round = 0; round < 3; round++) {
        const all = names.map((_name, i) => text(i));
        const alike = all.flatMap((name, i) => (all.indexOf(name) !== all.lastIndexOf(name) ? [i] : []));
        if (alike.length === 0)
            return all;
        for (const i of alike) {
            const own = apart[i] ?? [];
            while (used[i] < own.length && !own[used[i]])
                used[i]++;
            details[i].push(used[i] < own.length && round < 2 ? shorten(own[used[i]++]) : `#${i + 1}`);
        }
    }
    return names.map((_name, i) => text(i));
}
/**
 * A detail cut to MAX_DETAIL code units, its start and its end kept (a
 * file's extension shows), cut between code points: half of an emoji's pair
 * is no text a URL or a host can take.
 */
function shorten(detail) {
    if (detail.length <= MAX_DETAIL)
        return detail;
    const half = Math.floor((MAX_DETAIL - 1) / 2);
    const points = Array.from(detail);
    let head = '';
    for (const point of points) {
        if (head.length + point.length > half)
            break;
        head += point;
    }
    let tail = '';
    for (const point of points.reverse()) {
        if (tail.length + point.length > half)
            break;
        tail = point + tail;
    }
    return `${head}…${tail}`;
}
const EXTERNAL_ID_PREFIX = 'mobile-build-deploy:';
/** Pure: a short key of which build a deployment sent where, the same for every run of the same build. */
function buildKey(deployment) {
    const build = deployment.build;
    const app = build?.platform ? `${build.platform}|${build.appId}` : (build?.format ?? '');
    return (0,external_node_crypto_namespaceObject.createHash)('sha256')
        .update(`${app}|${deployment.destination ?? ''}`)
        .digest('hex')
        .slice(0, 12);
}
/** Pure: the `external_id` of a deployment's check run: `mobile-build-deploy:<run>:<workflow run>:<build>[:<claim>]`, each part URI-encoded, `-` for none. */
function externalId(identity) {
    const part = (value) => (value ? encodeURIComponent(value) : '-');
    const claim = identity.claim ? `:${part(identity.claim)}` : '';
    return `${EXTERNAL_ID_PREFIX}${part(identity.runId)}:${part(identity.workflowRunId)}:${part(identity.build)}${claim}`;
}
/** Pure: what a check run's `external_id` says, when it is one of ours; undefined for any other. */
function parseExternalId(id) {
    if (!id?.startsWith(EXTERNAL_ID_PREFIX))
        return undefined;
    const parts = id.slice(EXTERNAL_ID_PREFIX.length).split(':');
    if (parts.length !== 3 && parts.length !== 4)
        return undefined;
    try {
        const [runId, workflowRunId, build, claim] = parts.map(p => p === '-' ? undefined : decodeURIComponent(p));
        return { runId, workflowRunId, build: build ?? '', ...(claim ? { claim } : {}) };
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/core/report/schema.ts
/**
 * Pure: a small schema for JSON that crosses from one job to another through
 * a place anyone may write (a check run's summary): each value's type, enum
 * and length. One schema both fits a value before it is written (texts cut,
 * lists shortened, unknown fields dropped) and reads it back (anything over
 * a limit, of another type or outside an enum refuses the whole), so that
 * what is read is always at least what is written.
 */
const schema_text = (max) => ({ kind: 'text', max });
const integer = (min = 0) => ({ kind: 'integer', min });
const schema_boolean = { kind: 'boolean' };
const oneOf = (of) => ({ kind: 'enum', of });
const object = (fields) => ({ kind: 'object', fields });
const list = (of, max) => ({ kind: 'list', of, max });
/** A value that does not have the schema's shape: which field, and why. */
class ShapeError extends Error {
    name = 'ShapeError';
}
/**
 * Pure: `value` read by `shape`; fields the schema does not name are left
 * out, absent ones stay absent; anything else throws a ShapeError naming the
 * field.
 */
function readShape(shape, value, at = 'facts') {
    switch (shape.kind) {
        case 'text':
            if (typeof value !== 'string')
                throw new ShapeError(`${at} is not text`);
            if (value.length > shape.max)
                throw new ShapeError(`${at} is longer than ${shape.max} characters`);
            return value;
        case 'integer':
            if (!Number.isSafeInteger(value) || value < (shape.min ?? 0))
                throw new ShapeError(`${at} is not a whole number`);
            return value;
        case 'boolean':
            if (typeof value !== 'boolean')
                throw new ShapeError(`${at} is not true or false`);
            return value;
        case 'enum':
            if (typeof value !== 'string' || !shape.of.includes(value))
                throw new ShapeError(`${at} is not one of ${shape.of.join(', ')}`);
            return value;
        case 'list':
            if (!Array.isArray(value))
                throw new ShapeError(`${at} is not a list`);
            if (value.length > shape.max)
                throw new ShapeError(`${at} has more than ${shape.max} items`);
            return value.map((item, i) => readShape(shape.of, item, `${at}[${i}]`));
        case 'object': {
            if (!value || typeof value !== 'object' || Array.isArray(value))
                throw new ShapeError(`${at} is not an object`);
            const source = value;
            const read = {};
            for (const [name, field] of Object.entries(shape.fields))
                if (Object.hasOwn(source, name) && source[name] !== undefined && source[name] !== null)
                    read[name] = readShape(field, source[name], `${at}.${name}`);
            return read;
        }
    }
}
/**
 * Pure: `value` made to fit `shape` before it is written: texts cut to their
 * limit (an ellipsis last), lists to theirs, fields the schema does not name
 * and values of another type left out. What it returns reads back by
 * {@link readShape} unchanged.
 */
function fitShape(shape, value) {
    switch (shape.kind) {
        case 'text':
            if (typeof value !== 'string')
                return undefined;
            return value.length <= shape.max ? value : `${value.slice(0, shape.max - 1)}…`;
        case 'integer':
            return Number.isSafeInteger(value) && value >= (shape.min ?? 0)
                ? value
                : undefined;
        case 'boolean':
            return typeof value === 'boolean' ? value : undefined;
        case 'enum':
            return typeof value === 'string' && shape.of.includes(value) ? value : undefined;
        case 'list':
            return Array.isArray(value)
                ? value
                    .slice(0, shape.max)
                    .map(item => fitShape(shape.of, item))
                    .filter(item => item !== undefined)
                : undefined;
        case 'object': {
            if (!value || typeof value !== 'object' || Array.isArray(value))
                return undefined;
            const source = value;
            const fitted = {};
            for (const [name, field] of Object.entries(shape.fields)) {
                const fit = fitShape(field, source[name]);
                if (fit !== undefined)
                    fitted[name] = fit;
            }
            return fitted;
        }
    }
}

;// CONCATENATED MODULE: ./src/core/report/pending-schema.ts
/**
 * Pure: the shape of the facts a check run of a deployment reported later
 * carries for its collect (pending.ts writes and reads the line): what each
 * field may hold, its types, enums and lengths, read through one schema
 * before any use, since the line is input from outside.
 */





/** Blocking bugs kept with a collected verdict: the comment shows ten. */
const KEPT_BUGS = 10;
/** The longest deployment name: a check run's name, a comment's row. */
const MAX_NAME_CHARACTERS = 320;
/** Deployments of one step whose keys a check carries (the comment's rows): every build a step takes. */
const MAX_STEP_DEPLOYMENTS = option_spec/* MAX_STEP_BUILDS */.y4;
const pending_schema_URL = schema_text(600);
const ID = schema_text(128);
const BUG = object({
    name: schema_text(200),
    number: integer(),
    priority: oneOf(['urgent', 'high', 'medium', 'low', 'unprioritized']),
    blocking: schema_boolean,
    new: schema_boolean,
    url: pending_schema_URL
});
const JUDGEMENT = object({
    conclusion: oneOf(['success', 'warning', 'failure']),
    cause: oneOf(['success', 'deploy-failed', 'usage', 'run-failed', 'timed-out', 'canceled']),
    message: schema_text(1000)
});
const VERDICT = object({
    verdict: oneOf(VERDICT_NAMES),
    greenlight: schema_boolean,
    runId: ID,
    runUrl: pending_schema_URL,
    bugsUrl: pending_schema_URL,
    blockingBugsCount: integer(),
    nonBlockingBugsCount: integer(),
    blockingBugs: list(BUG, KEPT_BUGS),
    timeoutMs: integer(),
    answered: schema_boolean,
    problem: schema_text(300),
    gone: schema_text(300)
});
const DEPLOYMENT = object({
    name: schema_text(MAX_NAME_CHARACTERS),
    startedAt: integer(),
    mode: oneOf(['deploy', 'notify', 'plain', 'wait']),
    outcome: oneOf(OUTCOMES),
    artifact: object({ name: schema_text(255), size: integer(), sha256: schema_text(64) }),
    build: object({
        platform: oneOf(option_spec/* PLATFORMS */.P4),
        format: oneOf(['apk', 'aab', 'ipa', 'app-zip', 'zip', 'deb', 'pdf', 'csv']),
        appId: schema_text(255),
        appVersion: schema_text(100),
        buildNumber: schema_text(100)
    }),
    destination: schema_text(name_rules/* MAX_PATH_LENGTH */.Kb),
    // The service's words for where the build went and the environment it chose: a collect's outputs and JUnit properties.
    playgroundFileLocation: schema_text(name_rules/* MAX_PATH_LENGTH */.Kb),
    fileLocation: schema_text(name_rules/* MAX_PATH_LENGTH */.Kb + 140),
    environmentId: ID,
    deploymentType: schema_text(200),
    environment: schema_text(200),
    git: object({
        branch: schema_text(255),
        sha: schema_text(64),
        pullRequestNumber: integer(1),
        mergeRequestNumber: integer(1),
        commitUrl: pending_schema_URL
    }),
    runId: ID,
    /** The run already existed when these bytes were notified: it tested an earlier deploy's bytes, never these. */
    duplicate: schema_boolean,
    runUrl: pending_schema_URL,
    reportLater: schema_boolean,
    failOnNoRun: schema_boolean,
    verdict: VERDICT,
    judgement: JUDGEMENT
});
/** A row's key: its name's digest, in base64url characters (96 bits: two names of a step never share one). */
const KEY_CHARACTERS = 16;
const FACTS = object({
    deployment: DEPLOYMENT,
    rows: list(schema_text(KEY_CHARACTERS), MAX_STEP_DEPLOYMENTS),
    // What a line written before the keys carried: the names themselves, read as their keys.
    names: list(schema_text(MAX_NAME_CHARACTERS), MAX_STEP_DEPLOYMENTS),
    runs: list(ID, MAX_STEP_DEPLOYMENTS),
    workflowRunUrl: pending_schema_URL,
    // Where a GitLab step wrote the deployment's status: the collect completes that one, in that pipeline.
    // A Bitbucket step's: the status's key, the report carrying it, the step's digest and the deployment's
    // place in it (a report carries its whole step, or decides nothing).
    status: object({
        sha: schema_text(64),
        pipelineId: integer(1),
        ref: schema_text(255),
        key: schema_text(64),
        report: schema_text(64),
        step: schema_text(64),
        index: integer(0)
    })
});
/**
 * Pure: the key of a deployment's name in a step's rows, of the same length
 * whatever the name's length or script: the first 16 base64url characters
 * of the SHA-256 of its UTF-8.
 */
function rowKey(name) {
    return (0,external_node_crypto_namespaceObject.createHash)('sha256').update(name, 'utf8').digest('base64url').slice(0, KEY_CHARACTERS);
}

;// CONCATENATED MODULE: ./src/core/report/comment.ts







/** GitHub refuses a comment over 65,536 characters. */
const MAX_COMMENT_CHARACTERS = 65_536;
/** Bugs named in a comment before a link to all of them. */
const COMMENT_BUGS = 10;
/** Deployments a comment shows each one's bugs unfolded for; past that, folded under a line each. */
const FOLDED_FROM = 5;
/** The longest list of names a marker spells out; past it, the marker carries their digest. */
const MARKER_NAMES_CHARACTERS = 4000;
/**
 * The hidden marker that finds a step's comment again: the first line of the
 * comment, exactly, naming its deployments. Each name is percent-encoded, so
 * two sets of names never share a marker and no name can end the HTML
 * comment early. Names that would take more than MARKER_NAMES_CHARACTERS
 * (64 names of 200 CJK characters take 115,200) are carried as the SHA-256
 * of their list instead, `sha256:` first (a `:` is never left unencoded in
 * the spelled-out form), so that the marker always fits the comment.
 */
function commentMarker(names) {
    let spelled = names.map(encodeURIComponent).join(',');
    if (spelled.length > MARKER_NAMES_CHARACTERS)
        spelled = `sha256:${(0,external_node_crypto_namespaceObject.createHash)('sha256').update(JSON.stringify(names)).digest('base64url')}`;
    return `<!-- mobile-build-deploy check=${spelled} -->`;
}
const RUNS_LINE = /^<!-- mobile-build-deploy runs=([\w.:,-]{0,4400}) -->$/;
/**
 * The second hidden line of a step's comment: the run each of its
 * deployments created, in the marker's order (`-` for none), so that a
 * wait-only step for those runs continues this comment under the same
 * names. Run ids are safe ids (letters, digits, `_.:-`).
 */
function runsLine(deployments) {
    return `<!-- mobile-build-deploy runs=${deployments.map(d => d.runId || '-').join(',')} -->`;
}
/**
 * Pure: the names and runs a comment of ours says, by its two hidden lines;
 * undefined for any other comment (and for one whose marker carries the
 * names' digest: it does not say them). The caller decides whether it is
 * ours by its author.
 */
function commentRuns(body) {
    const [first, second] = body.split('\n', 2);
    const names = /^<!-- mobile-build-deploy check=([^ ]*) -->$/.exec(first ?? '')?.[1];
    const runs = RUNS_LINE.exec(second ?? '')?.[1];
    if (names === undefined || runs === undefined || names.startsWith('sha256:'))
        return undefined;
    try {
        return { names: names.split(',').map(decodeURIComponent), runs: runs.split(',') };
    }
    catch {
        return undefined;
    }
}
/** Whether a comment's body carries the marker of these names, as its first line and nowhere else. */
function carriesMarker(body, names) {
    const marker = commentMarker(names);
    return body === marker || body.startsWith(`${marker}\n`);
}
/** The blocking bugs of a deployment, the first ten, and a link to all of them. */
function blockingSection(deployment, heading, folded = false) {
    const blocking = deployment.verdict?.blockingBugs ?? [];
    if (blocking.length === 0)
        return [];
    // Many deployments: each one's bugs folded under a line of their own, so that the rows stay in view.
    if (folded)
        return [
            '',
            '<details>',
            `<summary>Blocking bugs (${blockingCount(deployment) ?? blocking.length})</summary>`,
            ...blockingSection(deployment, heading),
            '',
            '</details>'
        ];
    const all = deployment.verdict?.bugsUrl ?? deployment.verdict?.runUrl;
    const lines = [
        '',
        `**${heading}** (${blockingCount(deployment) ?? blocking.length})`,
        '',
        ...bugTable(blocking, COMMENT_BUGS)
    ];
    if (blocking.length > COMMENT_BUGS || all)
        lines.push('', `${markdown_link('All bugs of the run', all)}${blocking.length > COMMENT_BUGS ? ` (${blocking.length - COMMENT_BUGS} more blocking)` : ''}`);
    return lines;
}
/**
 * The pull-request comment of a step: found again by its marker, edited in
 * place; within GitHub's limit in characters. One deployment is told in a
 * table of its facts; several in a table with a row each, then each one's
 * blocking bugs.
 */
function commentBody(deployments, workflowRunUrl) {
    const names = deployments.map(deployment => deployment.name);
    const lines = [commentMarker(names), runsLine(deployments)];
    if (deployments.length === 1) {
        const [deployment] = deployments;
        lines.push(`### ${code(deployment.name, { table: false })}: ${statusLine(deployment)}`, '', ...factsTable(deployment, REVIEW_ROWS), ...blockingSection(deployment, 'Blocking bugs'));
        if (deployment.wait && !deployment.verdict && !deployment.failure && deployment.runId)
            lines.push('', `The verdict is awaited for up to ${(0,format/* formatMinutes */.dp)(deployment.wait.minutes)}.`);
        if (isPending(deployment))
            lines.push('', PENDING_WORDS);
    }
    else
        lines.push(...manyLines(deployments, lines, workflowRunUrl));
    lines.push('', `<sub>${markdown_link('Updated by mobile-build-deploy', workflowRunUrl)}</sub>`);
    // Characters as GitHub counts them never outnumber UTF-16 units: a body within the limit in units is within it.
    return cut(lines, text => text.length <= MAX_COMMENT_CHARACTERS, `…\n\n${elsewhere(deployments[0], workflowRunUrl)}`);
}
/**
 * The lines of a step of several deployments after `head`: their verdicts
 * counted, a row each and each one's blocking bugs, the failed and unjudged
 * first. Past GitHub's limit, passed rows are folded from the end into a
 * line that counts them: the cut never leaves out a failure while a passed
 * row is shown.
 */
function manyLines(deployments, head, workflowRunUrl) {
    const shown = attentionFirst(deployments);
    const rows = shown.map(deployment => {
        const values = outputValuesOf(deployment);
        return [
            code(deployment.name),
            appText(values, value => code(value)) ?? '',
            values.runId ? markdown_link(code(values.runId), values.runUrl) : '',
            deployWords(deployment),
            verdictWords(deployment) ?? '',
            bugCounts(deployment) ?? ''
        ];
    });
    const sections = shown.flatMap(deployment => blockingSection(deployment, `Blocking bugs of ${code(deployment.name, { table: false })}`, deployments.length > FOLDED_FROM));
    const compose = (kept) => [
        `### Mobile builds: ${tallyWords(stepJudgement(deployments), deployments)}`,
        '',
        ...table(['Deployment', 'App', 'Run', 'Deploy', 'Verdict', 'Bugs'], rows.slice(0, kept)),
        ...(kept < rows.length
            ? [
                '',
                `…and ${rows.length - kept} more deployment(s), each ✅ passed${workflowRunUrl ? `: ${markdown_link('see the job summary', workflowRunUrl)}` : ''}.`
            ]
            : []),
        ...sections
    ];
    // Room for the footer's line and the cut's own words.
    const fits = (lines) => [...head, ...lines].join('\n').length <= MAX_COMMENT_CHARACTERS - 500;
    const passed = shown.filter(d => d.verdict?.verdict === 'passed' && d.judgement?.conclusion !== 'failure').length;
    let kept = rows.length;
    while (kept > rows.length - passed && !fits(compose(kept)))
        kept--;
    return compose(kept);
}

;// CONCATENATED MODULE: ./src/core/host/our-comment.ts
/**
 * Our one comment on a change request for a set of deployment names, on
 * any code host (comment-host.ts): found once (ours only), created when
 * there is none, then edited in place. A comment anyone else wrote is never
 * edited and decides nothing, whatever marker it copies.
 */

class OurComment {
    host;
    change;
    id;
    /** The body it has, as last read or written: an equal one is not written again. */
    body;
    /** Whose comments are ours: learned from our own comment, else asked once of the host. */
    identity;
    constructor(host, change, 
    /** The token's identity when the caller knows it already (a collect asks once for every change request). */
    identity) {
        this.host = host;
        this.change = change;
        this.identity = identity;
    }
    /** Writes `body` unless the comment already says it; `around` runs each write (a collect spaces them). */
    async write(body, names, signal, around = write => write()) {
        const host = await this.host();
        if (this.id === undefined) {
            const ours = await this.find(host, names);
            if (ours === undefined) {
                const created = await around(() => host.createComment(this.change, body));
                this.id = created.id;
                this.body = body;
                // What the host names as our comment's author is the token's identity, whatever the token.
                if (created.author)
                    this.identity = created.author;
                return;
            }
            this.id = ours.id;
            this.body = ours.body;
        }
        if (body === this.body)
            return;
        const id = this.id;
        await around(() => host.updateComment(this.change, id, body, { signal }));
        this.body = body;
    }
    /**
     * The comment that is ours: its first line is our marker for these exact
     * names, AND the token in use wrote it. A comment anyone else wrote is
     * never edited; we then write our own.
     */
    async find(host, names) {
        const marked = await host.findComments(this.change, comment => carriesMarker(comment.body, names));
        if (marked.length === 0)
            return undefined;
        this.identity ??= await host.ownIdentity();
        const me = this.identity.toLowerCase();
        return marked.find(comment => comment.author?.toLowerCase() === me);
    }
}
/**
 * The runs and names each of our comments on a change request shows, the
 * newest first (a later deploy's names win): only the token's own, so a
 * stranger's copy of our marker names nothing.
 */
async function ourCommentRuns(host, change) {
    const own = (await host.ownIdentity()).toLowerCase();
    const ours = await host.findComments(change, comment => comment.author?.toLowerCase() === own && commentRuns(comment.body) !== undefined);
    return ours.reverse().map(comment => commentRuns(comment.body));
}

;// CONCATENATED MODULE: ./src/core/github/comment.ts
/**
 * Whose comments the workflow token writes: GITHUB_TOKEN is an installation
 * token of the GitHub Actions app, and GitHub names its writes after the
 * app's bot user (documented as `github-actions[bot]`).
 */
const WORKFLOW_TOKEN_LOGIN = 'github-actions[bot]';
/**
 * A repository's pull-request comments as the seam's comments. Whose they
 * are, by this rule: what `GET /user` says, which is the login of a
 * person's token (a personal access token); an installation token is
 * refused `GET /user` (403), and the installation token a step gets is the
 * workflow's GITHUB_TOKEN, whose writes GitHub names `github-actions[bot]`.
 * A GitHub App's own token is taken for the workflow's too: it then finds
 * no earlier comment of its own and writes a new one, but never edits one
 * of another author.
 */
function githubComments(client, repo) {
    let identity;
    return {
        host: 'GitHub',
        findComments: (pull, wanted) => client.findComments(repo, pull, wanted),
        createComment: (pull, body) => client.createComment(repo, pull, body),
        updateComment: (_pull, id, body, call) => client.updateComment(repo, id, body, call),
        ownIdentity: () => (identity ??= client.ownLogin().then(own => own ?? WORKFLOW_TOKEN_LOGIN))
    };
}

;// CONCATENATED MODULE: ./src/core/github/load.ts

/**
 * GitHub's client, loaded only when something is reported or collected:
 * Octokit is most of what a front end would load at its start, and a step
 * that reports nothing to GitHub never needs it.
 */
async function loadClient(token, baseUrl, limits) {
    const { createClient } = await Promise.all(/* import() */[__nccwpck_require__.e(413), __nccwpck_require__.e(144)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2144));
    return createClient(token, baseUrl, limits);
}
/**
 * One short read of GitHub beside the deploy (a dry run's, a wait-only
 * step's): `read` gets a client whose requests all end by `ms`, or at once on
 * the caller's `signal`.
 */
async function briefly(token, load, signal, ms, read) {
    const stop = new AbortController();
    const deadline = shared_clock/* clock */.pm.now() + ms;
    const timer = setTimeout(() => stop.abort(), ms);
    timer.unref();
    try {
        const client = await load(token.token, token.apiUrl, {
            signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal,
            deadline: () => deadline
        });
        return await read(client);
    }
    finally {
        clearTimeout(timer);
    }
}

;// CONCATENATED MODULE: ./src/core/github/adopt.ts







/** How long the reads of the commit's check runs and the pull request's comments may take. */
const READ_MS = 10_000;
/**
 * A wait-only step continues the deployments whose runs it waits for:
 * without a `check-name` of its own, each is named after the check run of
 * ours that shows its run on the commit, else the name our comment on the
 * pull request gives its run (a deploy that did not wait wrote no check
 * run), so that its verdict is the newest check run of that name and its
 * comment the same one. Comments are read only when a check run named none,
 * and only our own (the token's identity). The names found, by deployment
 * (undefined where none was); a read that fails finds none, with a notice.
 */
async function adoptCheckNames(plan, deployments, log, loadClient, signal) {
    const names = deployments.map(() => undefined);
    if (!plan.sha || !deployments.some(deployment => deployment.runId))
        return names;
    try {
        await briefly(plan, loadClient, signal, READ_MS, async (client) => {
            const checks = await client.listCheckRuns(plan.repo, plan.sha);
            const unnamed = [];
            for (const [index, deployment] of deployments.entries()) {
                const shown = checks.find(check => parseExternalId(check.externalId)?.runId === deployment.runId && check.name)?.name;
                if (shown)
                    adopt(index, shown, 'check run');
                else if (deployment.runId)
                    unnamed.push(index);
            }
            if (unnamed.length === 0 || plan.pullRequest === undefined)
                return;
            const said = await ourCommentRuns(githubComments(client, plan.repo), plan.pullRequest);
            for (const index of unnamed) {
                const runId = deployments[index].runId;
                const comment = said.find(entry => entry.runs.includes(runId));
                const name = comment?.names[comment.runs.indexOf(runId)];
                if (name)
                    adopt(index, name, 'comment');
            }
        });
    }
    catch (error) {
        if (signal?.aborted)
            throw error;
        log.notice(`The check runs of commit ${plan.sha.slice(0, 12)} could not be read (${(0,errors/* messageOf */.bD)(error).replace(/\.$/, '')}); the verdicts are shown under the default names. Give check-name to name them.`, 'Check name');
    }
    return names;
    function adopt(index, name, where) {
        if (name.length > MAX_NAME_CHARACTERS)
            return;
        names[index] = name;
        log.info(`Run ${deployments[index].runId} is shown as ${(0,shared_text/* quote */.hD)(name)} by its ${where} on this commit: the verdict is shown under that name.`);
    }
}

// EXTERNAL MODULE: ./src/core/github/errors.ts
var github_errors = __nccwpck_require__(7872);
;// CONCATENATED MODULE: ./src/core/github/dry-run.ts




/** How long the dry run's one read of GitHub may take. */
const dry_run_READ_MS = 15_000;
/**
 * What a dry run can learn of the GitHub reporting a real deploy would do,
 * writing nothing. GitHub tells a workflow's token (an installation token) its
 * own permissions by no read: a repository's `permissions` are a person's,
 * `GET /repos/{owner}/{repo}/installation` needs the app's own key, and the
 * `x-accepted-github-permissions` header names what an endpoint needs, not
 * what the token has. So the write permissions stay unknown until the first
 * write; the dry run names them, and on a pull request reads its comments (the
 * read a real deploy does first) to prove the token is accepted. Reporting
 * never decides a deploy, so what this finds is a notice, never a failure.
 */
async function checkReporting(plan, names, log, loadClient, signal) {
    if (!plan) {
        log.info('GitHub reporting: none would be written (no check run, no pull-request comment).');
        return;
    }
    const writes = [
        plan.check
            ? `${names.length > 1 ? 'check runs' : 'a check run'} ${names.map(name => (0,shared_text/* quote */.hD)(name)).join(', ')} (needs ${github_errors/* PERMISSION */.oC.check})`
            : undefined,
        plan.pullRequest === undefined
            ? undefined
            : `a comment on pull request #${plan.pullRequest} (needs ${github_errors/* PERMISSION */.oC.comment})`
    ].filter((write) => write !== undefined);
    log.info(`GitHub reporting: would write ${writes.join(' and ')}. Whether the token may write is unknown until the first write: GitHub tells a workflow token's permissions to no request that writes nothing. Grant them in the job's permissions.`);
    if (plan.pullRequest === undefined)
        return;
    try {
        const comments = await briefly(plan, loadClient, signal, dry_run_READ_MS, client => client.findComments(plan.repo, plan.pullRequest, () => true));
        log.info(`GitHub accepted the token: it read the ${comments.length} comment(s) of pull request #${plan.pullRequest}.`);
    }
    catch (error) {
        if (signal?.aborted)
            throw error;
        log.notice(`The comments of pull request #${plan.pullRequest} could not be read with the token (${plan.secrets.redact((0,errors/* messageOf */.bD)(error)).replace(/\.$/, '')}): a real deploy would not comment. Grant ${github_errors/* PERMISSION */.oC.comment}.`, 'GitHub token');
    }
}

;// CONCATENATED MODULE: ./src/core/host/where.ts
function laterHostOf(values, env) {
    if (values.gitlabToken || (env.GITLAB_CI === 'true' && !values.githubToken))
        return 'gitlab';
    if (values.bitbucketToken || (inBitbucketPipelines(env) && !values.githubToken))
        return 'bitbucket';
    return 'github';
}
/** Whether the step runs in Bitbucket Pipelines, by its own variable. */
function inBitbucketPipelines(env) {
    return Boolean(env.BITBUCKET_BUILD_NUMBER);
}

;// CONCATENATED MODULE: ./src/core/report/seal.ts
/**
 * Pure: the seal on the facts a check run carries for a collect. Any
 * workflow of the repository with `checks: write` writes check runs as the
 * same app as ours, so a check run can be copied with another run's id, or
 * its facts line put on another commit. The seal is an HMAC of the facts
 * line under a key derived from the service's API key: only a step that
 * holds the key (the deploy that wrote the check, the collect that
 * completes it) can make one, and a collect uses nothing of a line whose
 * seal it cannot check. The key's own short id rides beside the MAC, so
 * that a line sealed under a key rotated since is told as such, not as a
 * forgery. Neither reveals the key: both are HMACs of it.
 */

/** A seal's text: `<key id>.<MAC>`, both base64url. */
const SEAL = /^([\w-]{11})\.([\w-]{43})$/;
/** Pure: the seal of the key derived from `apiKey`; the derivation is fixed, so a deploy and a later collect with the same key agree. */
function sealOf(apiKey) {
    const key = (0,external_node_crypto_namespaceObject.createHmac)('sha256', apiKey).update('mobile-build-deploy facts seal v1').digest();
    const keyId = (0,external_node_crypto_namespaceObject.createHmac)('sha256', key).update('key id').digest('base64url').slice(0, 11);
    const mac = (payload) => (0,external_node_crypto_namespaceObject.createHmac)('sha256', key).update(payload).digest();
    return {
        sign: payload => `${keyId}.${mac(payload).toString('base64url')}`,
        check(payload, seal) {
            const parts = SEAL.exec(seal ?? '');
            if (!parts)
                return 'forged';
            if (parts[1] !== keyId)
                return 'other-key';
            const given = Buffer.from(parts[2], 'base64url');
            const own = mac(payload);
            return given.length === own.length && (0,external_node_crypto_namespaceObject.timingSafeEqual)(given, own) ? 'valid' : 'forged';
        }
    };
}

;// CONCATENATED MODULE: ./src/core/github/plan.ts







/** GitHub's API: GITHUB_API_URL (GitHub Enterprise Server included), else api.github.com. */
function apiUrlOf(env) {
    return (0,shared_text/* withoutTrailingSlashes */.A$)(env.GITHUB_API_URL || 'https://api.github.com');
}
/** This workflow run's page, when the step runs in one. */
function workflowRunUrlOf(env) {
    const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: id } = env;
    return repository && id
        ? `${(0,shared_text/* withoutTrailingSlashes */.A$)(server || 'https://github.com')}/${repository}/actions/runs/${id}`
        : undefined;
}
/** The repository the check runs are on: the option given, else the workflow's; undefined when neither names one. */
function githubRepoOf(settings, env) {
    const slug = settings.values.githubRepository ?? env.GITHUB_REPOSITORY;
    const repo = repositoryOfSlug(slug);
    if (slug && settings.values.githubRepository && !(repo && 'owner' in repo))
        throw new errors/* InputError */.dz('githubRepository', 'is not owner/name', 'Give the GitHub repository as owner/name, e.g. octo-org/octo-app');
    return repo && 'owner' in repo ? { owner: repo.owner, repo: repo.name } : undefined;
}
/**
 * Pure: what a deploy reports on GitHub. The action keeps a check run while
 * it waits (or, with report-later, until a collect completes it) and a
 * comment on the pull request; the CLI and the library only with
 * report-later. Report-later leaves the verdict to a check run a scheduled
 * collect completes, so it is refused before any request, in every front
 * end, where that check run cannot be written: no check (`check: false`),
 * no token, no repository, no commit (unless GitLab keeps it: a GitLab
 * token given). Undefined when nothing is reported.
 */
function reportingPlanOf(frontEnd, settings, secrets, env) {
    if (frontEnd !== 'action' && !settings.values.reportLater)
        return undefined;
    const repo = githubRepoOf(settings, env);
    // A GitLab or Bitbucket step reported later keeps its verdict there (its plan decides); GitHub's is then only beside it.
    if (settings.values.reportLater && laterHostOf(settings.values, env) === 'github')
        refuseUnreportable(frontEnd, settings, repo);
    if (!settings.values.githubToken || !repo)
        return undefined;
    const reportLater = settings.values.reportLater === true;
    const check = settings.check && (settings.wait || reportLater);
    const pullRequest = settings.prComment ? settings.git.pullRequestNumber : undefined;
    if (!check && pullRequest === undefined)
        return undefined;
    return {
        token: settings.values.githubToken,
        check,
        reportLater,
        pullRequest,
        repo,
        sha: settings.git.sha,
        apiUrl: apiUrlOf(env),
        workflowRunUrl: workflowRunUrlOf(env),
        workflowRunId: env.GITHUB_RUN_ID || undefined,
        secrets,
        origins: linkOrigins(settings.baseUrl, env.GITHUB_SERVER_URL),
        seal: sealOf(settings.apiKey)
    };
}
/** Report-later where its verdict could never arrive: bad usage, naming what is missing and the fix. */
function refuseUnreportable(frontEnd, settings, repo) {
    const instead = `or leave ${(0,option_refs/* setting */.Pe)('reportLater', 'true')} out (${(0,option_refs/* setting */.Pe)('wait', 'true')} holds the job for the verdict instead)`;
    if (!settings.check)
        throw new errors/* InputError */.dz('check', `is false, and ${(0,option_refs/* setting */.Pe)('reportLater', 'true')} leaves the verdict to the check run a scheduled collect completes: nothing would ever bring it`, `Keep ${(0,option_refs/* setting */.Pe)('check', 'true')} with report-later, ${instead}`);
    const token = frontEnd === 'action'
        ? `the workflow's token with permissions: checks: write`
        : "a token that may write checks: a GitHub App's, or the workflow's GITHUB_TOKEN";
    if (!settings.values.githubToken)
        throw new errors/* InputError */.dz('githubToken', `is empty, and ${(0,option_refs/* ref */.KR)('reportLater')} writes the check run with it`, `Give ${(0,option_refs/* ref */.KR)('githubToken')} (${token}), ${instead}`);
    if (!repo)
        throw new errors/* InputError */.dz('githubRepository', `is empty, and ${(0,option_refs/* ref */.KR)('reportLater')} writes the check run there`, frontEnd === 'action'
            ? `Run the step in a GitHub workflow (GITHUB_REPOSITORY names the repository), ${instead}`
            : `Give ${(0,option_refs/* ref */.KR)('githubRepository')} as owner/name, ${instead}`);
    if (!settings.git.sha)
        throw new errors/* InputError */.dz('sha', `is unknown, and ${(0,option_refs/* ref */.KR)('reportLater')} writes the check run on that commit`, `Pass ${(0,option_refs/* ref */.KR)('sha')}, ${instead}`);
}

;// CONCATENATED MODULE: ./src/core/report/pending.ts



/** The longest facts line written or read, in base64url characters: under a third of a check run's summary. */
const MAX_LINE_CHARACTERS = 20_000;
// Any text up to the comment's end, so that a line of ours someone changed (a secret's mask written
// into it by a runner) is told as refused, not taken for another product's.
const MARKER = new RegExp(`<!-- mobile-build-deploy facts=([^\\s>]{1,${MAX_LINE_CHARACTERS}})(?: seal=([^\\s>]{1,80}))? -->`);
/**
 * What is left out, in this order, while a fitted line is still too long
 * (texts of many bytes each): the bugs one by one (their count stays), then
 * the facts a row could do without. What remains always fits: a name of 320
 * UTF-16 units is at most 960 bytes of UTF-8, 64 keys about 1,200, 64 runs
 * of 128 characters about 8,500, the commit and the rest under 1,000: some
 * 11,700 bytes, 15,600 in base64url, within MAX_LINE_CHARACTERS.
 */
const EXPENDABLE = [
    ['deployment', 'judgement', 'message'],
    ['deployment', 'verdict', 'problem'],
    ['deployment', 'verdict', 'gone'],
    ['deployment', 'verdict', 'bugsUrl'],
    ['deployment', 'git', 'commitUrl'],
    ['deployment', 'git', 'branch'],
    ['deployment', 'fileLocation'],
    ['deployment', 'playgroundFileLocation'],
    ['deployment', 'destination'],
    ['deployment', 'environmentId'],
    ['deployment', 'deploymentType'],
    ['deployment', 'environment'],
    ['deployment', 'artifact'],
    ['deployment', 'build'],
    ['workflowRunUrl'],
    ['deployment', 'verdict', 'runUrl'],
    ['deployment', 'runUrl']
];
/**
 * Pure: the hidden line a check run's summary ends with, within `max`
 * characters (MAX_LINE_CHARACTERS, or a share of a GitLab note's), sealed
 * under the API key's seal.
 */
function factsLine(pending, seal, max = MAX_LINE_CHARACTERS) {
    const fitted = fitShape(FACTS, {
        ...pending,
        deployment: { ...pending.deployment, verdict: carriedVerdict(pending.deployment) }
    });
    const encode = () => Buffer.from(JSON.stringify(fitted)).toString('base64url');
    const fits = () => encode().length <= Math.min(max, MAX_LINE_CHARACTERS);
    const bugs = fitted.deployment.verdict?.blockingBugs;
    while (!fits() && bugs && bugs.length > 0)
        bugs.pop();
    for (const path of EXPENDABLE) {
        if (fits())
            break;
        const parent = path
            .slice(0, -1)
            .reduce((at, key) => at?.[key], fitted);
        if (parent)
            delete parent[path.at(-1)];
    }
    const line = encode();
    return `<!-- mobile-build-deploy facts=${line} seal=${seal.sign(line)} -->`;
}
/** A verdict as a check carries it: its blocking bugs once (the first ten) and their count. */
function carriedVerdict(deployment) {
    const { verdict } = deployment;
    if (!verdict)
        return undefined;
    const { bugs, ...rest } = verdict;
    void bugs;
    return {
        ...rest,
        blockingBugs: verdict.blockingBugs.slice(0, KEPT_BUGS),
        blockingBugsCount: verdict.blockingBugsCount ?? verdict.blockingBugs.length
    };
}
/**
 * Pure: the facts a check run's summary carries, when it carries ours,
 * sealed under this key's `seal`, and of the schema's shape; a refused line
 * says why, and undefined is a summary that carries none. What is read is
 * only ever rendered again through the reports' escapers.
 */
function readFactsLine(summary, seal) {
    const found = summary && MARKER.exec(summary);
    if (!found)
        return undefined;
    const [, line, sealText] = found;
    const unsealed = sealProblem(seal.check(line, sealText), sealText);
    if (unsealed)
        return unsealed;
    const facts = factsOfLine(line);
    if ('problem' in facts)
        return facts;
    const { deployment } = facts;
    const rows = facts.rows ?? facts.names?.map(rowKey);
    if (typeof deployment?.name !== 'string' || !Array.isArray(rows))
        return { problem: 'its facts line names no deployment' };
    const runs = facts.runs ?? [];
    if (runs.length !== rows.length)
        return { problem: 'its facts line names its step’s deployments and runs unevenly' };
    const verdict = deployment.verdict && {
        ...deployment.verdict,
        bugs: deployment.verdict.blockingBugs ?? [],
        blockingBugs: deployment.verdict.blockingBugs ?? []
    };
    return {
        deployment: {
            ...deployment,
            name: deployment.name,
            failOnNoRun: deployment.failOnNoRun !== false,
            warnings: [],
            ...(verdict ? { verdict } : {})
        },
        rows,
        runs,
        workflowRunUrl: facts.workflowRunUrl,
        ...(facts.status?.sha ? { status: facts.status } : {})
    };
}
/** Pure: every facts line a text carries (a GitLab note carries one per deployment of its step), each read as readFactsLine reads one. */
function readFactsLines(text, seal) {
    const every = new RegExp(MARKER.source, 'g');
    return [...text.matchAll(every)].map(found => readFactsLine(found[0], seal));
}
/** Why a line's seal does not hold, in a warning's words; undefined when it holds. */
function sealProblem(checked, sealText) {
    switch (checked) {
        case 'other-key':
            return {
                problem: 'its facts were sealed under another API key than this collect has (the key was rotated since, or it is another workspace’s): they cannot be checked, so it is left as it is; deploy again for a verdict',
                otherKey: true
            };
        case 'forged':
            return {
                problem: sealText
                    ? 'its facts line does not carry the seal of the API key (it was changed, or written by someone without the key)'
                    : 'its facts line carries no seal (it was written without the API key)'
            };
    }
    return undefined;
}
/** The facts a sealed line holds, of the schema's shape; else why not. */
function factsOfLine(line) {
    if (!/^[A-Za-z0-9_-]+$/.test(line))
        return {
            problem: 'its facts line is not the base64url this product writes (changed after it was written)'
        };
    let value;
    try {
        value = JSON.parse(Buffer.from(line, 'base64url').toString('utf8'));
    }
    catch {
        return { problem: 'its facts line is not the JSON this product writes' };
    }
    try {
        return readShape(FACTS, value);
    }
    catch (error) {
        if (error instanceof ShapeError)
            return { problem: `its facts line is refused: ${error.message}` };
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/core/report/check-run.ts






/** GitHub refuses a check run's summary or text over 65,535 UTF-8 bytes. */
const MAX_CHECK_OUTPUT_BYTES = 65_535;
/** Bugs in a check run's table. */
const CHECK_BUGS = 100;
/** Pure: a step's deployments as a check context's `step`. */
function stepOf(deployments) {
    return { rows: deployments.map(d => rowKey(d.name)), runs: deployments.map(d => d.runId || '-') };
}
/**
 * The check run's conclusion: the deployment's judgement in GitHub's words.
 * A success with nothing tested (no run waited for) is `skipped`.
 */
function checkConclusion(deployment) {
    const judgement = deployment.judgement ?? { conclusion: 'success', cause: 'success' };
    switch (judgement.cause) {
        case 'timed-out':
            return 'timed_out';
        case 'canceled':
            return 'cancelled';
    }
    if (judgement.conclusion === 'failure')
        return 'failure';
    return deployment.verdict ? 'success' : 'skipped';
}
/**
 * Pure: the fields of a write of a deployment's check run: in progress, or
 * completed with its conclusion; `identity` its `external_id`; `details`
 * the link it takes when its run has none of its own.
 */
function checkFields(deployment, context, write) {
    const shown = withTrustedLinks(deployment, context.origins);
    const within = { ...context, workflowRunUrl: trustedUrl(context.workflowRunUrl, context.origins) };
    const details = trustedUrl(shown.verdict?.runUrl ?? write.details ?? shown.runUrl ?? within.workflowRunUrl, context.origins);
    return {
        ...(write.completed
            ? { status: 'completed', conclusion: checkConclusion(deployment) }
            : { status: 'in_progress' }),
        external_id: externalId(write.identity),
        ...(details ? { details_url: details } : {}),
        output: checkOutput(shown, within)
    };
}
/** A check run's output: its title, a summary of the facts and, with a verdict, the bug table; each within GitHub's limit in UTF-8 bytes. */
function checkOutput(deployment, context) {
    const { workflowRunUrl, step, seal } = context;
    const title = statusLine(deployment);
    // A deployment reported later carries its facts for the collect that completes it (pending.ts).
    const carried = deployment.reportLater && seal
        ? `\n\n${factsLine({ deployment, rows: [...step.rows], runs: [...step.runs], workflowRunUrl }, seal)}`
        : '';
    const bytes = (text) => Buffer.byteLength(text, 'utf8') + Buffer.byteLength(carried, 'utf8') <= MAX_CHECK_OUTPUT_BYTES;
    const rest = `…\n\n${elsewhere(deployment, workflowRunUrl)}`;
    const pending = isPending(deployment) ? ['', PENDING_WORDS] : [];
    const summary = cut([...factsTable(deployment, REVIEW_ROWS), ...pending], bytes, rest) + carried;
    const bugs = deployment.verdict?.bugs ?? [];
    const more = bugs.length > CHECK_BUGS
        ? [
            '',
            `And ${bugs.length - CHECK_BUGS} more: ${markdown_link('all bugs', deployment.verdict?.bugsUrl ?? deployment.verdict?.runUrl)}.`
        ]
        : [];
    const text = cut([...bugTable(bugs, CHECK_BUGS), ...more], bytes, rest);
    return { title, summary, ...(text ? { text } : {}) };
}

;// CONCATENATED MODULE: ./src/core/github/scrub.ts
/** Pure: every string of a write to GitHub through the deploy's one redaction. */
function scrubbed(secrets, value) {
    if (typeof value === 'string')
        return secrets.redactValue(value);
    if (Array.isArray(value))
        return value.map(item => scrubbed(secrets, item));
    if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubbed(secrets, item)]));
    return value;
}

;// CONCATENATED MODULE: ./src/core/github/pending-checks.ts
/**
 * GitHub's side of a collect, reads only: where deployments reported later
 * may be (open pull requests' heads, the default branch's newest commits),
 * which check runs there are ours and still in progress (with the facts they
 * carry, or why those are refused), and the newest check run of a name.
 * Every list is filtered by GitHub itself (`status=in_progress`,
 * `check_name`), and each page is a request the collect's budget counts.
 */




/**
 * The newest commits of the default branch a collect looks at: a deploy on
 * push checks its own commit, and between two collects a busy branch gets a
 * few merges; ten covers them at one request, where a deployment older than
 * that is superseded by a newer one anyway.
 */
const DEFAULT_BRANCH_COMMITS = 10;
/** The open pull requests a collect looks at, the most recently updated first. */
const MAX_PULLS = 100;
/** The app whose check runs a collect completes: the workflow token's (GITHUB_TOKEN is an installation token of `github-actions`). */
const OUR_APP = 'github-actions';
/**
 * The commits a collect looks at: the open pull requests' heads, in an
 * order that turns by `turn` from one collect to the next (so that no pull
 * request waits behind others a budget never gets past), then the default
 * branch's newest commits.
 */
async function headsToCollect(client, repo, turn) {
    const pulls = rotated(await client.openPulls(repo, MAX_PULLS), turn);
    const commits = await client.defaultBranchCommits(repo, DEFAULT_BRANCH_COMMITS);
    const heads = new Map();
    for (const pull of pulls)
        heads.set(pull.headSha, [...(heads.get(pull.headSha) ?? []), pull.number]);
    for (const sha of commits)
        if (!heads.has(sha))
            heads.set(sha, []);
    return [...heads].map(([sha, numbers]) => ({ sha, pulls: numbers }));
}
/** Pure: the list started at `turn` (modulo its length), the rest after it in order. */
function rotated(pulls, turn) {
    if (pulls.length === 0)
        return [];
    const start = ((turn % pulls.length) + pulls.length) % pulls.length;
    return [...pulls.slice(start), ...pulls.slice(0, start)];
}
/**
 * Our check runs in progress on a commit: written by our app, with our
 * `external_id` naming a run, and a facts line of a deployment reported
 * later under the check's own name, sealed under the API key, of this very
 * commit and run. One whose line is refused is told apart (a warning, never
 * the collect's end); one that carries no line of ours is another
 * product's, and left alone. Copies of one deployment's check are one
 * deployment (withCopies).
 */
async function pendingChecks(client, repo, sha, seal) {
    const pending = [];
    const refused = [];
    for (const run of await client.listCheckRuns(repo, sha, { status: 'in_progress' })) {
        if (run.app !== OUR_APP || run.status === 'completed')
            continue;
        const identity = parseExternalId(run.externalId);
        if (!identity?.runId)
            continue;
        const facts = readFactsLine(run.summary, seal);
        if (!facts)
            continue;
        // A run id read from a check run is checked as one given by hand: it goes into a request's path.
        if (!(0,name_rules/* isSafeId */.JA)(identity.runId)) {
            refused.push({
                run,
                problem: `its external_id names ${(0,shared_text/* quote */.hD)(identity.runId, 40)}, which is no run id`
            });
            continue;
        }
        const problem = 'problem' in facts ? facts.problem : mismatch(facts, run, identity, sha);
        const otherKey = 'otherKey' in facts && facts.otherKey ? identity.runId : undefined;
        if (problem)
            refused.push({ run, problem, ...(otherKey ? { otherKey } : {}) });
        else
            pending.push({
                run,
                identity,
                facts: facts,
                runId: identity.runId,
                copies: []
            });
    }
    return { pending: withCopies(pending), refused };
}
/**
 * Pure: checks that show one deployment with the same sealed facts (a copy
 * of ours: a job run again before a fix, a stranger's verbatim copy) are one
 * deployment, the first its check and the others its copies, each completed
 * with the run's verdict: a copy of the truth opens nothing, and none is
 * left in progress. Checks of one run whose facts differ (other bytes, a
 * run that already existed) stay apart: each is judged for its own bytes.
 */
function withCopies(pending) {
    const shown = new Map();
    for (const check of pending) {
        const key = JSON.stringify([check.run.name, check.runId, check.facts]);
        const first = shown.get(key);
        if (first)
            first.copies.push({ run: check.run, identity: check.identity });
        else
            shown.set(key, { ...check, copies: [] });
    }
    return [...shown.values()];
}
/** Pure: why sealed facts do not belong to the check run that carries them; undefined when they do. */
function mismatch(facts, run, identity, sha) {
    const { deployment } = facts;
    if (deployment.name !== run.name || !deployment.reportLater)
        return 'its facts line names another deployment';
    if (deployment.runId !== identity.runId)
        return `its external_id names run ${identity.runId}, its sealed facts run ${deployment.runId ?? 'none'}`;
    if (deployment.git?.sha !== sha)
        return `its sealed facts are of commit ${deployment.git?.sha?.slice(0, 12) ?? 'none'}, not of this one`;
    return undefined;
}
/**
 * The rows of a step's comment that this collect did not complete, each by
 * the key of its name (rowKey) and its run: the newest check run of ours on
 * the commit whose sealed facts are of that name and run (a completed one
 * first: it has the verdict), undefined where none is and the row cannot be
 * told. One listing of the commit's check runs finds them all, whatever the
 * number of rows: their names are read from the checks, which carry them.
 */
async function rowsOfRuns(client, repo, sha, rows, seal) {
    const found = (await client.listCheckRuns(repo, sha)).flatMap(run => {
        if (run.app !== OUR_APP)
            return [];
        const facts = readFactsLine(run.summary, seal);
        if (!facts || 'problem' in facts)
            return [];
        const { deployment } = facts;
        const runId = parseExternalId(run.externalId)?.runId;
        return deployment.name === run.name && deployment.runId === runId && deployment.git?.sha === sha
            ? [{ facts, key: rowKey(deployment.name), completed: run.status === 'completed' }]
            : [];
    });
    return rows.map(row => {
        const of = found.filter(entry => entry.key === row.key && entry.facts.deployment.runId === row.runId);
        return (of.find(entry => entry.completed) ?? of[0])?.facts;
    });
}

;// CONCATENATED MODULE: ./src/core/github/collision.ts




/**
 * Pure: another deployment of this workflow run with a check run of the
 * same name on this commit (`named`, the commit's check runs of the
 * deployment's name) is told once, naming both; the check is written all
 * the same (a required check reads it).
 */
function warnOfCollision(named, plan, deployment, log) {
    if (!plan.sha || !plan.workflowRunId)
        return;
    const own = buildKey(deployment);
    const others = named
        .map(run => parseExternalId(run.externalId))
        // Another build of this workflow run, not this deployment continued (a wait-only job for its run).
        .filter(id => id !== undefined &&
        id.workflowRunId === plan.workflowRunId &&
        id.build !== own &&
        (id.runId === undefined || id.runId !== deployment.runId));
    if (others.length === 0)
        return;
    log.warning(`Another deployment of this workflow run already has a check run named ${(0,shared_text/* quote */.hD)(deployment.name)} on commit ${plan.sha.slice(0, 12)}: GitHub shows only the newest check run of a name, so one verdict would hide the other. Give each deployment its own check-name (or leave it out: the default names the platform, the app and the environment).`, 'Check name shared');
}
/**
 * Pure: the check run of ours in progress on this commit that already
 * shows this deployment's run, when the run already existed (the newest,
 * should there be several); undefined for a run created now, or when none
 * does. Only a check whose sealed facts name this very run, name and commit
 * counts: a stranger's check of our name is never taken up.
 */
function checkToContinue(named, plan, deployment) {
    if (!deployment.duplicate || deployment.runId === undefined || !plan.sha)
        return undefined;
    const showing = named.filter(run => {
        if (run.app !== OUR_APP || run.status === 'completed')
            return false;
        if (parseExternalId(run.externalId)?.runId !== deployment.runId)
            return false;
        const facts = readFactsLine(run.summary, plan.seal);
        if (!facts || 'problem' in facts)
            return false;
        const shown = facts.deployment;
        return (shown.name === deployment.name &&
            shown.runId === deployment.runId &&
            shown.git?.sha === plan.sha);
    });
    return showing.reduce((newest, run) => (newest === undefined || run.id > newest.id ? run : newest), undefined);
}
/** Pure: what a deploy says when it continues the check run of a run that already existed. */
function continuedText(deployment, sha) {
    return `Run ${deployment.runId} already existed for ${(0,shared_text/* quote */.hD)(deployment.name)} (the job was run again): its check run on commit ${sha.slice(0, 12)} is continued, not a second one. The run tested the bytes of the deploy that created it, so no attestation binds its verdict to these bytes.`;
}

;// CONCATENATED MODULE: ./src/core/host/writer.ts

/** The shortest time between two writes of one kind: a stage that keeps changing never floods GitHub. */
const MIN_WRITE_INTERVAL_MS = 10_000;
/** How long the end of the step gives its last reports, whatever GitHub does: the job is never held longer. */
const FINISH_MS = 5_000;
/** What each further deployment adds to FINISH_MS: a step of many builds completes a check run each at its end. */
const FINISH_MS_EACH = 1_000;
/** Pure: how long the end of a step of `deployments` gives its last writes, within a minute. */
function finishMs(deployments) {
    return Math.min(60_000, FINISH_MS + FINISH_MS_EACH * Math.max(0, deployments - 1));
}
/**
 * One kind of report (the check run, the comment): the newest state wanted
 * is written; a state not yet written when a newer one comes is dropped; a
 * state equal to the last one written is not written again; two writes are
 * MIN_WRITE_INTERVAL_MS apart, except the final one, which goes at once and
 * replaces a write still under way.
 */
class Writer {
    write;
    stop;
    failed;
    wanted;
    lastKey;
    lastAt = -Infinity;
    running;
    inFlight;
    wake;
    stopped = false;
    constructor(write, stop, 
    /** Told a failed write; true stops this kind of report. */
    failed) {
        this.write = write;
        this.stop = stop;
        this.failed = failed;
    }
    want(wanted) {
        if (this.stopped || (this.wanted?.final && !wanted.final))
            return;
        this.wanted = wanted;
        if (wanted.final) {
            this.inFlight?.abort(new Error('replaced by the final state'));
            this.wake?.();
        }
        this.running ??= this.pump().finally(() => (this.running = undefined));
    }
    /** Settles when nothing is left to write. */
    idle() {
        return this.running ?? Promise.resolve();
    }
    async pump() {
        while (this.wanted && !this.stopped && !this.stop.aborted) {
            const wait = this.lastAt + MIN_WRITE_INTERVAL_MS - shared_clock/* clock */.pm.now();
            if (wait > 0 && !this.wanted.final)
                await this.pause(wait);
            const next = this.wanted;
            this.wanted = undefined;
            if (!next || this.stop.aborted)
                return;
            if (next.key === this.lastKey)
                continue;
            const controller = new AbortController();
            this.inFlight = controller;
            this.lastAt = shared_clock/* clock */.pm.now();
            try {
                await this.write(next, controller.signal);
                this.lastKey = next.key;
            }
            catch (error) {
                // A write the final state replaced is not a failure.
                if (controller.signal.aborted && !this.stop.aborted)
                    continue;
                if (this.failed(error))
                    this.stopped = true;
            }
            finally {
                this.inFlight = undefined;
            }
        }
    }
    /** Waits `ms` on the one clock, or until the final state comes or everything stops. */
    async pause(ms) {
        const woken = new AbortController();
        this.wake = () => woken.abort();
        try {
            await shared_clock/* clock */.pm.sleep(ms, AbortSignal.any([woken.signal, this.stop]));
        }
        catch {
            // Woken early: the final state came, or everything stops.
        }
        finally {
            this.wake = undefined;
        }
    }
}
/**
 * The end of a step's writes on a code host: every writer's last state,
 * within `allowed` ms whatever the host does; then whatever is still under
 * way is stopped (`stop` aborted with why), and the writes settle at once.
 */
async function idleWithin(writers, allowed, stop, host) {
    const done = Promise.all(writers.map(writer => writer.idle()));
    let timer;
    const late = new Promise(resolve => (timer = setTimeout(resolve, allowed, 'late')));
    try {
        if ((await Promise.race([done, late])) === 'late') {
            stop.abort(new Error(`${host} did not answer within ${allowed / 1000} s`));
            await done;
        }
    }
    finally {
        clearTimeout(timer);
        stop.abort();
    }
}

;// CONCATENATED MODULE: ./src/core/github/reporter.ts














class GitHubSide {
    plan;
    log;
    load;
    limits;
    name = 'GitHub check run';
    host = 'GitHub';
    /** With report-later, a check run that cannot be written fails the step: nothing else would bring the verdict. */
    required;
    change;
    client;
    checks = new Map();
    /** Why a check run could not be written, in the words a notice would have used. */
    checkProblem;
    constructor(plan, log, load, limits) {
        this.plan = plan;
        this.log = log;
        this.load = load;
        this.limits = limits;
        this.required = plan.reportLater && plan.check;
        this.change = plan.pullRequest;
    }
    async comments() {
        return githubComments(await this.connect(), this.plan.repo);
    }
    commentBody(deployments) {
        const shown = deployments.map(deployment => withTrustedLinks(deployment, this.plan.origins));
        return this.plan.secrets.redactValue(commentBody(shown, this.plan.workflowRunUrl));
    }
    /** The stage is the deployment's fact (the orchestrator writes it); a check is written when it changes. */
    staged(event, deployment, index) {
        const check = this.check(index);
        if (event.status.answer.runUrl)
            check.runUrl = event.status.answer.runUrl;
        if (deployment.stage === check.stage)
            return false;
        check.stage = deployment.stage;
        return true;
    }
    statusWanted(deployments, index, final) {
        if (!this.plan.check || !this.plan.sha)
            return undefined;
        const deployment = deployments[index];
        const check = this.check(index);
        check.startedAt ??= new Date(shared_clock/* clock */.pm.now()).toISOString();
        // A deployment reported later ends its step with its check still in progress: a collect completes it.
        const completed = final && !isPending(deployment);
        const compared = checkFields(deployment, {
            workflowRunUrl: this.plan.workflowRunUrl,
            step: stepOf(deployments),
            origins: this.plan.origins,
            seal: this.plan.seal
        }, {
            completed,
            identity: {
                runId: deployment.runId,
                workflowRunId: this.plan.workflowRunId,
                build: buildKey(deployment)
            },
            details: check.runUrl
        });
        const stamps = {
            started_at: check.startedAt,
            ...(completed ? { completed_at: new Date(shared_clock/* clock */.pm.now()).toISOString() } : {})
        };
        return {
            fields: this.scrubbed({ ...stamps, ...compared }),
            key: JSON.stringify(this.scrubbed(compared)),
            final
        };
    }
    /**
     * A check run of this deployment's own: created the first time, updated
     * after. A later step (a wait-only job) creates its own under the same
     * name, the newest of the name being the one GitHub shows: a completed
     * check run's status and conclusion are final, so one is never taken up
     * again.
     */
    async writeStatus(deployments, index, wanted, signal) {
        const check = this.check(index);
        const client = await this.connect();
        if (check.id !== undefined)
            return client.updateCheck(this.plan.repo, check.id, wanted.fields, { signal });
        const deployment = deployments[index];
        const named = await client.listCheckRuns(this.plan.repo, this.plan.sha, {
            name: deployment.name
        });
        warnOfCollision(named, this.plan, deployment, this.log);
        const continued = checkToContinue(named, this.plan, deployment);
        if (continued) {
            check.id = continued.id;
            this.log.notice(continuedText(deployment, this.plan.sha), 'Check run continued');
            return client.updateCheck(this.plan.repo, continued.id, wanted.fields, { signal });
        }
        const created = await client.createCheck(this.plan.repo, {
            name: deployment.name,
            head_sha: this.plan.sha,
            ...wanted.fields
        });
        check.id = created.id;
    }
    /**
     * Report-later: a pending deployment whose check run was never created
     * has no way to its verdict (the collect completes check runs it finds),
     * so the step fails, saying why and that the verdict will not arrive.
     */
    finished(facts) {
        if (!this.required)
            return;
        const missing = facts.deployments.filter((deployment, i) => isPending(deployment) && this.checks.get(i)?.id === undefined);
        if (missing.length === 0)
            return;
        const why = this.checkProblem ?? 'GitHub did not confirm it.';
        throw new Error(`${missing.map(d => (0,shared_text/* quote */.hD)(d.name)).join(', ')} on commit ${this.plan.sha?.slice(0, 12)}: ${why} With report-later the verdict reaches the pull request only through this check run, which a scheduled collect completes: the verdict of run ${missing.map(d => d.runId).join(', ')} will not reach it. Deploy again once the job may write checks, or wait for the verdict in the job (wait: true).`);
    }
    /** Tells a failure once per kind; a refusal (a permission, a redirect) stops that kind, a passing failure does not. */
    failed(write, { error, stopped, late, allowed }, tell) {
        const refused = error instanceof github_errors/* GitHubError */.y_ || stopped;
        if (!tell)
            return refused;
        const kind = write === 'status' ? 'check' : 'comment';
        const why = this.plan.secrets.redact(late
            ? `GitHub's API did not answer within ${(allowed ?? FINISH_MS) / 1000} s of the step's end`
            : (0,errors/* messageOf */.bD)(error));
        // With report-later a check run not written is the step's failure, told once by finished().
        if (kind === 'check' && this.required) {
            this.checkProblem = (0,github_errors/* notShown */.d5)(kind, error, { why, where: '' }).text.replace(/^The check run could not be written: /, '');
            return refused;
        }
        const { level, text } = (0,github_errors/* notShown */.d5)(kind, error, {
            why,
            // With report-later the job ends before the verdict: it is in no summary or output of this job.
            ...(this.plan.reportLater
                ? { where: 'The check run carries the verdict once the collect completes it.' }
                : {})
        });
        this.log[level](text, 'Not shown on GitHub');
        return refused;
    }
    check(index) {
        let check = this.checks.get(index);
        if (!check)
            this.checks.set(index, (check = {}));
        return check;
    }
    /** Every string of a write through the deploy's one redaction. */
    scrubbed(value) {
        return scrubbed(this.plan.secrets, value);
    }
    connect() {
        this.client ??= this.load(this.plan.token, this.plan.apiUrl, this.limits);
        return this.client;
    }
}

;// CONCATENATED MODULE: ./src/core/host/reporter.ts





class HostReporter {
    name;
    required;
    side;
    deployments = [];
    statuses = new Map();
    told = new Set();
    stop = new AbortController();
    comment;
    ourComment;
    deadline;
    allowed;
    /** `sideOf` makes the host's side with the limits every request of the step's writes keeps. */
    constructor(sideOf) {
        this.side = sideOf({ signal: this.stop.signal, deadline: () => this.deadline });
        this.name = this.side.name;
        this.required = this.side.required;
        this.comment = this.writer('comment', (wanted, signal) => this.writeComment(wanted, signal));
        // Every deployment's writes listen to this stop: a step of many builds is no leak.
        (0,external_node_events_namespaceObject.setMaxListeners)(option_spec/* MAX_STEP_BUILDS */.y4 * 4, this.stop.signal);
    }
    onEvent(event, deployments, index) {
        this.deployments = deployments;
        switch (event.type) {
            case 'notified':
                this.wantComment();
                return;
            case 'waiting':
                this.wantStatus(index);
                this.wantComment();
                return;
            case 'status':
                if (this.side.staged(event, deployments[index], index))
                    this.wantStatus(index);
                this.wantComment();
                return;
            default:
                return;
        }
    }
    /** The last writes: each deployment's status (its conclusion, or left for a collect), the comment as the step ends, within finishMs. */
    async finish(facts) {
        const allowed = finishMs(facts.deployments.length);
        this.allowed = allowed;
        this.deadline = shared_clock/* clock */.pm.now() + allowed;
        this.deployments = facts.deployments;
        for (const index of facts.deployments.keys())
            this.wantStatus(index, true);
        this.wantComment(true);
        await idleWithin([this.comment, ...this.statuses.values()], allowed, this.stop, this.side.host);
        this.side.finished?.(facts);
    }
    writer(kind, write) {
        return new Writer(write, this.stop.signal, error => this.give(kind, error));
    }
    wantStatus(index, final = false) {
        const wanted = this.side.statusWanted(this.deployments, index, final);
        if (!wanted)
            return;
        let writer = this.statuses.get(index);
        if (!writer) {
            writer = this.writer('status', (wanted, signal) => this.side.writeStatus(this.deployments, index, wanted, signal));
            this.statuses.set(index, writer);
        }
        writer.want(wanted);
    }
    wantComment(final = false) {
        if (this.side.stepWanted) {
            const wanted = this.side.stepWanted(this.deployments, final);
            if (wanted)
                this.comment.want(wanted);
            return;
        }
        if (this.side.change === undefined)
            return;
        const body = this.side.commentBody(this.deployments);
        this.comment.want({ fields: { body }, key: body, final });
    }
    async writeComment(wanted, signal) {
        if (this.side.writeStep)
            return this.side.writeStep(this.deployments, wanted, signal);
        this.ourComment ??= new OurComment(() => this.side.comments(), this.side.change);
        const names = this.deployments.map(deployment => deployment.name);
        await this.ourComment.write(String(wanted.fields.body), names, signal);
    }
    /** A failed write: told once per kind by the side; true stops that kind. */
    give(kind, error) {
        const first = !this.told.has(kind);
        this.told.add(kind);
        const stopped = this.stop.signal.aborted;
        const late = stopped && this.deadline !== undefined;
        return this.side.failed(kind, { error, stopped, late, allowed: this.allowed }, first);
    }
}

;// CONCATENATED MODULE: ./src/core/github/collected.ts











/** GitHub's side of a collect's reporter (host/collected.ts): the claimed check runs, the pull requests' comments. */
class CollectedChecks {
    plan;
    name = 'GitHub check runs of the collect';
    completes = 'check run(s)';
    host = 'GitHub';
    budget;
    login;
    constructor(plan) {
        this.plan = plan;
        this.budget = plan.budget;
    }
    requestCount() {
        return this.plan.client.requestCount();
    }
    owns(deployment) {
        return deployment.collected !== undefined;
    }
    steps(completed) {
        return bySteps(completed);
    }
    rewrite(step) {
        return this.comment(step);
    }
    failure(error, what) {
        return (0,github_errors/* collectFailure */.bv)(error, what);
    }
    where(deployment) {
        return where(deployment);
    }
    /** One deployment's check run completed with its verdict, as a waiting step completes it. */
    async complete(deployment) {
        const collected = deployment.collected;
        const { client, repo, spacer, origins, seal } = this.plan;
        const checks = [
            { checkRunId: collected.checkRunId, identity: collected.identity },
            ...(collected.copies ?? [])
        ];
        let conclusion;
        for (const { checkRunId, identity } of checks) {
            const fields = checkFields(deployment, {
                workflowRunUrl: collected.workflowRunUrl,
                step: { rows: collected.rows, runs: collected.runs },
                origins,
                seal
            }, { completed: true, identity });
            conclusion = fields.conclusion;
            const stamped = { ...fields, completed_at: new Date(shared_clock/* clock */.pm.now()).toISOString() };
            await spacer.spaced(() => client.updateCheck(repo, checkRunId, scrubbed(this.plan.secrets, stamped)));
        }
        const copies = checks.length === 1
            ? ''
            : ` and ${checks.length === 2 ? 'a copy' : `${checks.length - 1} copies`} of it`;
        this.plan.log.info(`${where(deployment)}: run ${deployment.verdict?.runId ?? deployment.runId} ended, the check run${copies} ${checks.length === 1 ? 'is' : 'are'} completed as ${String(conclusion)}.`);
    }
    /**
     * The comment of one step, as the step would show it now: each of its
     * deployments by the run the step created for it. Only on an open pull
     * request whose head is this commit: a deployment's own word for its pull
     * request is never enough to write on one. A deployment of the step no
     * check of its run shows any longer leaves the comment as it is.
     */
    async comment(step) {
        const { collected, git } = step[0];
        const number = git?.pullRequestNumber;
        if (!collected || number === undefined || !collected.pulls.includes(number))
            return;
        const { client, repo, seal, spacer } = this.plan;
        const wanted = collected.rows.map((key, i) => {
            const runId = collected.runs[i] === '-' ? undefined : collected.runs[i];
            return { key, runId, here: step.find(d => rowKey(d.name) === key && d.runId === runId) };
        });
        const missing = wanted.filter(row => !row.here);
        const read = missing.length > 0 ? await rowsOfRuns(client, repo, collected.sha, missing, seal) : [];
        const rows = [];
        for (const row of wanted) {
            const found = row.here ?? read[missing.indexOf(row)]?.deployment;
            if (!found)
                return;
            rows.push(withTrustedLinks(found, this.plan.origins));
        }
        const body = this.plan.secrets.redactValue(commentBody(rows, this.plan.workflowRunUrl));
        const ours = new OurComment(async () => githubComments(client, repo), number, await this.identity());
        await ours.write(body, rows.map(row => row.name), new AbortController().signal, write => spacer.spaced(write));
    }
    /** Whose comments are ours: the token's identity, asked once for every pull request of the collect. */
    identity() {
        this.login ??= this.plan.client.ownLogin().then(own => own ?? WORKFLOW_TOKEN_LOGIN);
        return this.login;
    }
}
/** Pure: a collected deployment named with where it is: the pull requests whose head its commit is, else the commit. */
function where({ name, collected }) {
    const pulls = collected?.pulls ?? [];
    const on = pulls.length > 0
        ? `pull request ${pulls.map(n => `#${n}`).join(', ')}`
        : `commit ${collected?.sha.slice(0, 12) ?? ''}`;
    return `Check run ${(0,shared_text/* quote */.hD)(name)} on ${on}`;
}
/** Pure: completed deployments grouped by the step they belong to (its workflow run, pull request and rows). */
function bySteps(deployments) {
    const steps = new Map();
    for (const deployment of deployments) {
        const { collected, git } = deployment;
        const key = JSON.stringify([
            collected?.identity.workflowRunId,
            collected?.sha,
            git?.pullRequestNumber,
            collected?.rows
        ]);
        steps.set(key, [...(steps.get(key) ?? []), deployment]);
    }
    return [...steps.values()];
}

;// CONCATENATED MODULE: ./src/core/host/budget.ts
/** Requests kept back from the token's hourly limit: the deploys of the same hour need them more. */
const RATE_RESERVE = 50;
/** The budget or the rate-limit reserve is spent: the rest waits for the next collect. */
class BudgetSpent extends Error {
}
/** The requests a deployment a collect claimed still needs: its completion, and its share of its step's comment. */
const WRITES_PER_CLAIM = 4;
/**
 * A collect's request budget (collect-max-requests) and the rate-limit
 * reserve, checked before every request, each page and retry included, so
 * that a head with thousands of check runs cannot take the budget past its
 * end. While the collect looks, what the deployments it claimed still need
 * (their completions and comments) is held back: looking further never
 * leaves a claimed check run without the requests that complete it.
 */
class Budget {
    max;
    /** Requests held back for what is claimed: released when the GitHub reporter writes. */
    reserved = 0;
    constructor(max) {
        this.max = max;
    }
    /** Holds back `writes` requests for what was just claimed; throws BudgetSpent, holding nothing, when they would pass the budget. */
    reserve(client, writes) {
        if (client.requestCount() + this.reserved + writes > this.max)
            throw new BudgetSpent(`What it found would need more than the ${this.max} requests collect-max-requests allows to write; the rest is collected next time.`);
        this.reserved += writes;
    }
    /** Throws BudgetSpent when the next request would pass the budget or eat into the rate-limit reserve. */
    check(client) {
        if (client.requestCount() + this.reserved >= this.max)
            throw new BudgetSpent(`It sent the ${this.max} requests collect-max-requests allows; the rest is collected next time.`);
        const rate = client.rateLimit?.();
        if (rate && rate.remaining <= Math.min(RATE_RESERVE, rate.limit / 10) + this.reserved)
            throw new BudgetSpent(`The token has ${rate.remaining} of its ${rate.limit} requests an hour left to GitHub's API, kept for the deploys; the rest is collected next time.`);
    }
}

;// CONCATENATED MODULE: ./src/core/host/collected.ts

/** Pure: collected deployments by the step a host keeps whole (a GitLab note, a Bitbucket report) that carried them. */
function stepsOfKept(completed) {
    const steps = new Map();
    for (const deployment of completed) {
        const at = deployment.collectedNote.note;
        steps.set(at, [...(steps.get(at) ?? []), deployment]);
    }
    return [...steps.values()];
}
class CollectedReporter {
    side;
    context;
    name;
    /** A verdict that could not be put on its status fails the collect: the next one tries again. */
    required = true;
    problems = [];
    constructor(side, context) {
        this.side = side;
        this.context = context;
        this.name = side.name;
    }
    async finish(facts) {
        const { side } = this;
        const completed = [];
        side.budget.reserved = 0;
        try {
            for (const deployment of facts.deployments) {
                if (this.context.signal?.aborted)
                    break;
                if (!side.owns(deployment))
                    continue;
                const what = side.where(deployment);
                if (await this.attempt(what, () => side.complete(deployment)))
                    completed.push(deployment);
            }
            for (const step of side.steps(completed))
                await this.attempt(side.where(step[0]), () => side.rewrite(step));
        }
        catch (error) {
            if (!(error instanceof BudgetSpent))
                throw error;
            this.context.log.notice(`The collect stopped early: ${error.message}`, 'Collect stopped early');
        }
        const waiting = facts.collect?.pending ?? 0;
        this.context.log.info(`Collected: ${completed.length} ${side.completes} completed, ${waiting} still waiting for their run, ${side.requestCount()} request(s) to ${side.host}'s API.`);
        if (this.problems.length > 0)
            throw new Error(this.problems.join(' '));
    }
    /** Runs one write; what a failure comes to by the collect's rule. True when it was written. */
    async attempt(what, write) {
        try {
            await write();
            return true;
        }
        catch (error) {
            if (error instanceof BudgetSpent || this.context.signal?.aborted)
                throw error;
            const comes = this.side.failure(error, what);
            if ('stop' in comes)
                throw comes.stop;
            const { secrets, log } = this.context;
            if ('warning' in comes)
                log.warning(secrets.redact(comes.warning), 'Not collected');
            else
                this.problems.push(secrets.redact(comes.problem));
            return false;
        }
    }
}

// EXTERNAL MODULE: ./src/core/gitlab/errors.ts
var gitlab_errors = __nccwpck_require__(896);
;// CONCATENATED MODULE: ./src/core/gitlab/note.ts



/** GitLab keeps a note to 1,000,000 characters; what the comment leaves is the facts lines'. */
const MAX_NOTE_CHARACTERS = 1_000_000;
/** Pure: the note of a step's deployments; with a seal and a deployment reported later, every deployment's facts line after it. */
function noteBody(deployments, context) {
    const shown = deployments.map(d => withTrustedLinks(d, context.origins));
    const body = commentBody(shown, context.pipelineUrl);
    const { seal } = context;
    if (!seal || !deployments.some(d => d.reportLater))
        return body;
    // Each line within its share of what a note holds beside the comment: bugs, then expendable facts, go first.
    const share = Math.floor((MAX_NOTE_CHARACTERS - body.length - 2) / deployments.length) - 1;
    const lines = deployments.map(deployment => factsLine({
        deployment,
        rows: [],
        runs: [],
        workflowRunUrl: context.pipelineUrl,
        status: context.status
    }, seal, share));
    return `${body}\n\n${lines.join('\n')}`;
}
/** Pure: the step a note of ours carries, or undefined for a note that carries no facts line. */
function noteStep(body, seal) {
    const read = readFactsLines(body, seal);
    if (read.length === 0)
        return undefined;
    const deployments = read.filter((line) => 'deployment' in line);
    const refused = read.filter((line) => 'problem' in line);
    return { deployments, refused };
}

;// CONCATENATED MODULE: ./src/core/gitlab/status.ts




/** GitLab keeps a status's description to 255 characters. */
const MAX_DESCRIPTION = 255;
/** Pure: what a deployment's status says now: `running` until it is judged, then its conclusion. */
function statusWrite(deployment, context) {
    const shown = withTrustedLinks(deployment, context.origins);
    const link = trustedUrl(shown.verdict?.runUrl ?? shown.runUrl ?? context.pipelineUrl, context.origins);
    return {
        state: context.completed ? stateOf(deployment) : 'running',
        name: deployment.name,
        // oneLine's cut adds its ellipsis after `max` characters.
        description: (0,shared_text/* oneLine */.TN)(statusLine(shown), MAX_DESCRIPTION - 1),
        ...(link ? { targetUrl: link } : {}),
        // The job's own pipeline by its id: a status GitLab matches to no pipeline starts a new one, which a
        // merge request would take for its latest and judge alone. The ref only where no id is known.
        ...(context.pipelineId !== undefined
            ? { pipelineId: context.pipelineId }
            : context.ref
                ? { ref: context.ref }
                : {})
    };
}
/** Pure: the one judgement in GitLab's words; a success with nothing tested is `skipped`, never `success`. */
function stateOf(deployment) {
    switch (checkConclusion(deployment)) {
        case 'success':
            return deployment.verdict?.verdict === 'passed' ? 'success' : 'skipped';
        case 'cancelled':
            return 'canceled';
        case 'skipped':
            return 'skipped';
        default:
            return 'failed';
    }
}

;// CONCATENATED MODULE: ./src/core/gitlab/collected.ts





class CollectedStatuses {
    plan;
    name = 'GitLab commit statuses of the collect';
    completes = 'commit status(es)';
    host = 'GitLab';
    budget;
    constructor(plan) {
        this.plan = plan;
        this.budget = plan.collection.budget;
    }
    requestCount() {
        return this.plan.collection.client.requestCount();
    }
    owns(deployment) {
        return deployment.collectedNote !== undefined;
    }
    /** One deployment's status completed with its verdict, where its deploy wrote it. */
    async complete(deployment) {
        const { note, facts } = this.placeOf(deployment);
        const place = facts.status;
        const fields = statusWrite(deployment, {
            completed: true,
            origins: this.plan.origins,
            pipelineUrl: facts.workflowRunUrl,
            pipelineId: place.pipelineId,
            ref: place.ref
        });
        const scrubbed = {
            ...fields,
            name: this.plan.secrets.redactValue(fields.name),
            description: fields.description && this.plan.secrets.redactValue(fields.description)
        };
        try {
            await this.plan.collection.client.postStatus(place.sha, scrubbed);
        }
        catch (error) {
            // A collect whose note write failed completed this status already: it says the verdict, and the note heals now.
            if (!alreadyIn(error, fields.state))
                throw error;
        }
        this.plan.log.info(`Status ${(0,shared_text/* quote */.hD)(deployment.name)} on merge request !${note.mergeRequest}: run ${deployment.runId} ended, the status is ${fields.state}.`);
    }
    /** The completed deployments by the note that carried them. */
    steps(completed) {
        return stepsOfKept(completed);
    }
    /**
     * The note written again: every row of its step, the collected ones with
     * their verdicts; unless a deploy wrote it again since the collect read it
     * (its facts are then newer than these): the next collect reads that one.
     */
    async rewrite(step) {
        const { note } = this.placeOf(step[0]);
        const now = await this.plan.collection.client.readNote(note.mergeRequest, note.noteId);
        if (now.body !== note.body) {
            this.plan.log.info(`The note on merge request !${note.mergeRequest} was written again since this collect read it: it is left for the next collect.`);
            return;
        }
        const rows = new Map(step.map(deployment => [deployment.collectedNote.row, deployment]));
        const [first] = note.step;
        const deployments = note.step.map((facts, row) => rows.get(row) ?? facts.deployment);
        const body = noteBody(deployments, {
            origins: this.plan.origins,
            pipelineUrl: first.workflowRunUrl,
            seal: this.plan.collection.seal,
            status: first.status
        });
        await this.plan.collection.client.updateComment(note.mergeRequest, note.noteId, this.plan.secrets.redactValue(body));
    }
    failure(error, what) {
        return (0,gitlab_errors/* gitlabFailure */.AD)(error, what);
    }
    where(deployment) {
        const { note } = this.placeOf(deployment);
        return `The status ${(0,shared_text/* quote */.hD)(deployment.name)} on merge request !${note.mergeRequest}`;
    }
    placeOf(deployment) {
        const at = deployment.collectedNote;
        const note = this.plan.collection.notes[at.note];
        return { note, facts: note.step[at.row] };
    }
}
/** Whether GitLab refused a status because it already is in `state` (its words: `Cannot transition status via :x from :state`). */
function alreadyIn(error, state) {
    return (error instanceof gitlab_errors/* GitLabError */.YZ &&
        error.status === 400 &&
        new RegExp(`Cannot transition status via :\\w+ from :${state}\\b`).test(error.message));
}

// EXTERNAL MODULE: ./src/core/host/api-errors.ts
var api_errors = __nccwpck_require__(40);
;// CONCATENATED MODULE: ./src/core/bitbucket/errors.ts
/**
 * How Bitbucket Cloud speaks, for the one host API (host/api.ts): its error
 * form (`{"type": "error", "error": {"message", "detail"}}`), the token to
 * make when it refuses one, and where its API is said to be.
 */

/** A Bitbucket answer the client cannot use (the one host error). */
const BitbucketError = api_errors/* HostApiError */.NY;
/** Which token a Bitbucket step needs, and where it is kept: said wherever Bitbucket refuses one. */
const TOKEN_WORDS = 'The step needs a repository access token with the repository:write and pullrequest scopes (Repository settings, Security, Access tokens), kept in a secured repository variable BITBUCKET_ACCESS_TOKEN; Pipelines’ authentication proxy, used without one, signs Code Insights reports but may not sign every request';
/** Pure: Bitbucket's own words in an error answer, cut to what a report shows. */
function bitbucketWords(json) {
    if (!json || typeof json !== 'object')
        return undefined;
    const error = json.error;
    if (!error || typeof error !== 'object')
        return (0,api_errors/* saidText */.Rz)(json.message);
    const { message, detail } = error;
    const said = (0,api_errors/* saidText */.Rz)(message);
    const more = (0,api_errors/* saidText */.Rz)(detail);
    return said && more ? `${said} (${more})` : (said ?? more);
}
const BITBUCKET = {
    host: 'Bitbucket',
    address: 'bitbucket-api-url',
    addressShape: 'https://api.bitbucket.org/2.0',
    tokenWords: TOKEN_WORDS,
    words: bitbucketWords
};

;// CONCATENATED MODULE: ./src/core/bitbucket/keys.ts
/**
 * Pure: what Bitbucket knows the product's statuses and reports by: a
 * status's key (its deployment's name, and its step's place in a parallel
 * group), a step's report id, the digest that binds a step reported later
 * whole; and a URL as Bitbucket takes it literally.
 */

/** What the product's statuses and reports are known by. */
const KEY_PREFIX = 'mobile-build-deploy-';
/**
 * Pure: a deployment's status key: the same for its name (and its step's
 * place in a parallel group) on every run of the step, so a rerun
 * overwrites it, and two parallel steps of one app never share it.
 */
function statusKey(name, lane) {
    return `${KEY_PREFIX}${digest(lane === undefined ? name : `${name}\n${lane}`, 20)}`;
}
/** Pure: the step's report id: the same for the same deployments' names (and place) on the commit. */
function reportId(deployments, lane) {
    const names = deployments.map(d => d.name).join('\n');
    return `${KEY_PREFIX}${digest(lane === undefined ? names : `${names}\n\n${lane}`, 16)}`;
}
/** Pure: the digest of a step reported later, its deployments' names and runs in order: its facts bind it whole. */
function stepDigest(deployments) {
    return digest(JSON.stringify(deployments.map(d => [d.name, d.runId ?? null])), 32);
}
function digest(text, length) {
    return (0,external_node_crypto_namespaceObject.createHash)('sha256').update(text).digest('hex').slice(0, length);
}
/** Pure: a URL Bitbucket takes as it is: its braces escaped, so that no part of it is read as a template's variable. */
function literalUrl(url) {
    return url.replace(/\{/g, '%7B').replace(/\}/g, '%7D');
}

;// CONCATENATED MODULE: ./src/core/bitbucket/annotations.ts







/** An annotation's summary: Bitbucket refuses an empty one or one over 450 characters. */
const MAX_SUMMARY = 450;
/** An annotation's and a report's details, within Bitbucket's. */
const MAX_DETAILS = 2_000;
/** Annotations a report holds. */
const MAX_ANNOTATIONS = 1_000;
/** Pure: the one judgement in Bitbucket's states; `SUCCESSFUL` only beside a passed verdict. */
function annotations_stateOf(deployment) {
    switch (checkConclusion(deployment)) {
        case 'success':
            return deployment.verdict?.verdict === 'passed' ? 'SUCCESSFUL' : 'STOPPED';
        case 'failure':
        case 'timed_out':
            return 'FAILED';
        default:
            return 'STOPPED';
    }
}
function bugCount(deployment) {
    const verdict = deployment.verdict;
    return verdict ? (verdict.blockingBugsCount ?? verdict.blockingBugs.length) : 0;
}
/**
 * Pure: an annotation per deployment, then one per blocking bug, the
 * failed deployments' first, within a report's thousand; how many bugs did
 * not fit.
 */
function annotationsOf(deployments, context) {
    const own = deployments.map((d, index) => deploymentAnnotation(d, index, deployments, context));
    const room = Math.max(0, MAX_ANNOTATIONS - own.length);
    const bugs = [];
    let unshown = 0;
    for (const deployment of attentionFirst([...deployments])) {
        const listed = deployment.verdict?.blockingBugs ?? [];
        const fits = listed.slice(0, Math.max(0, room - bugs.length));
        bugs.push(...fits.map((bug, index) => bugAnnotation(bug, index, deployment, context)));
        unshown += bugCount(deployment) - fits.length;
    }
    return { annotations: [...own, ...bugs], unshown };
}
/**
 * Pure: a deployment's own annotation: its result, and, reported later,
 * its facts sealed for the collect with where its status is (its key, the
 * report, the step's digest and its place in it), within MAX_DETAILS: the
 * facts first, the words in the room they leave.
 */
function deploymentAnnotation(deployment, index, step, context) {
    const shown = withTrustedLinks(deployment, context.origins);
    const line = statusLine(shown);
    const summary = (0,shared_text/* oneLine */.TN)(`${deployment.name}: ${line}`, MAX_SUMMARY - 1);
    const link = trustedUrl(shown.verdict?.runUrl ?? shown.runUrl, context.origins);
    const key = statusKey(deployment.name, context.lane);
    const facts = context.seal && deployment.reportLater
        ? factsLine({
            deployment,
            rows: [],
            runs: [],
            workflowRunUrl: context.pipelineUrl,
            status: {
                sha: context.commit,
                ref: context.refname,
                key,
                report: reportId(step, context.lane),
                step: stepDigest(step),
                index
            }
        }, context.seal, MAX_DETAILS - 2)
        : '';
    const room = MAX_DETAILS - (facts ? facts.length + 2 : 0) - 1;
    const human = (0,shared_text/* oneLine */.TN)(`${line}${deployment.runId ? ` (run ${deployment.runId})` : ''}`, Math.max(0, Math.min(400, room)));
    return {
        external_id: key,
        annotation_type: 'BUG',
        summary: summary || deployment.runId || 'deployment',
        details: facts ? (human ? `${human}\n\n${facts}` : facts) : human || line.slice(0, 1),
        result: annotationResult(deployment),
        ...(link ? { link: literalUrl(link) } : {})
    };
}
/** Pure: a deployment's result as an annotation shows it: PASSED and FAILED only by the one judgement; the rest SKIPPED. */
function annotationResult(deployment) {
    if (isPending(deployment) || (!deployment.judgement && !deployment.verdict))
        return 'SKIPPED';
    const state = annotations_stateOf(deployment);
    return state === 'SUCCESSFUL' ? 'PASSED' : state === 'FAILED' ? 'FAILED' : 'SKIPPED';
}
const SEVERITY = {
    urgent: 'CRITICAL',
    high: 'HIGH',
    medium: 'MEDIUM',
    low: 'LOW',
    unprioritized: 'LOW'
};
function bugAnnotation(bug, index, deployment, context) {
    const link = trustedUrl(bug.url, context.origins);
    const name = (0,shared_text/* oneLine */.TN)(bug.name, MAX_SUMMARY - 1);
    return {
        external_id: `${statusKey(deployment.name, context.lane)}-bug-${index + 1}`,
        annotation_type: 'BUG',
        summary: name || `Blocking bug ${bug.number ?? index + 1}`,
        details: (0,shared_text/* oneLine */.TN)(`${deployment.name}: blocking bug${bug.number !== undefined ? ` #${bug.number}` : ''}, priority ${bug.priority}`, MAX_DETAILS - 1),
        result: 'FAILED',
        severity: SEVERITY[bug.priority],
        ...(link ? { link: literalUrl(link) } : {})
    };
}

;// CONCATENATED MODULE: ./src/core/bitbucket/report.ts








/** A status's name and description, as Bitbucket keeps them. */
const MAX_STATUS_TEXT = 255;
/** Data fields a report holds. */
const MAX_DATA = 10;
/** A data field's title and text, kept short as Bitbucket's cards show them. */
const MAX_DATA_TITLE = 120;
/** Pure: a deployment's build status now: `INPROGRESS` until it is judged (or while a collect is to bring it), then its state. */
function report_statusWrite(deployment, context) {
    const shown = withTrustedLinks(deployment, context.origins);
    const link = trustedUrl(shown.verdict?.runUrl ?? shown.runUrl, context.origins) ??
        context.pipelineUrl ??
        context.commitUrl;
    return {
        key: statusKey(deployment.name, context.lane),
        state: context.completed ? annotations_stateOf(deployment) : 'INPROGRESS',
        name: (0,shared_text/* oneLine */.TN)(deployment.name, MAX_STATUS_TEXT - 1),
        url: literalUrl(link),
        description: (0,shared_text/* oneLine */.TN)(statusLine(shown), MAX_STATUS_TEXT - 1),
        ...(context.refname ? { refname: context.refname } : {})
    };
}
/** Pure: the report's result: `PENDING` while a verdict is to come, `FAILED` by the one judgement, `PASSED` only when every run passed; else none. */
function reportResult(deployments) {
    if (deployments.some(d => isPending(d) || (!d.judgement && d.runId && !d.verdict && !d.failure)))
        return 'PENDING';
    if (stepJudgement(deployments).conclusion === 'failure')
        return 'FAILED';
    if (deployments.length > 0 && deployments.every(d => d.verdict?.verdict === 'passed'))
        return 'PASSED';
    return undefined;
}
/** Pure: the step's report and its annotations, within Bitbucket's limits. */
function stepReport(deployments, context) {
    const shown = deployments.map(d => withTrustedLinks(d, context.origins));
    const { annotations, unshown } = annotationsOf(deployments, context);
    const judgement = stepJudgement(deployments);
    const tally = tallyWords(judgement, shown);
    const unshownWords = unshown > 0
        ? ` ${unshown} blocking bug(s) are not annotated: a report holds ${MAX_ANNOTATIONS} annotations; the runs' pages list every bug.`
        : '';
    const runLink = shown.length === 1
        ? trustedUrl(shown[0].verdict?.runUrl ?? shown[0].runUrl, context.origins)
        : undefined;
    const link = runLink ?? context.pipelineUrl;
    const result = reportResult(deployments);
    return {
        report: {
            title: 'Mobile test runs',
            details: (0,shared_text/* oneLine */.TN)(`${tally}.${unshownWords}`, MAX_DETAILS - 1),
            report_type: 'TEST',
            reporter: 'mobile-build-deploy',
            ...(result ? { result } : {}),
            ...(link ? { link: literalUrl(link) } : {}),
            data: dataOf(deployments, context)
        },
        annotations
    };
}
/**
 * Pure: the report's data fields: a link per deployment, titled with its
 * name, saying where it stands, to its run's page (the pipeline's where it
 * has none); past ten, nine and one to the pipeline for the rest. Only
 * LINK fields: Bitbucket's description types every field's value as an
 * object, which a link's is ({text, href}), where its examples give a
 * NUMBER or a TEXT a bare value; a link is taken by both.
 */
function dataOf(deployments, context) {
    const fallback = context.pipelineUrl ?? context.commitUrl;
    const ordered = attentionFirst([...deployments]);
    const shown = ordered.length > MAX_DATA ? ordered.slice(0, MAX_DATA - 1) : ordered;
    const fields = shown.map(deployment => {
        const trusted = withTrustedLinks(deployment, context.origins);
        const href = trustedUrl(trusted.verdict?.runUrl ?? trusted.runUrl, context.origins) ?? fallback;
        return {
            title: (0,shared_text/* oneLine */.TN)(deployment.name, MAX_DATA_TITLE - 1),
            type: 'LINK',
            value: { text: (0,shared_text/* oneLine */.TN)(statusLine(trusted), MAX_DATA_TITLE - 1), href: literalUrl(href) }
        };
    });
    const rest = ordered.length - shown.length;
    if (rest > 0)
        fields.push({
            title: `${rest} more deployments`,
            type: 'LINK',
            value: { text: 'in the pipeline', href: literalUrl(fallback) }
        });
    return fields;
}

;// CONCATENATED MODULE: ./src/core/bitbucket/collected.ts






class CollectedBuildStatuses {
    plan;
    name = 'Bitbucket build statuses of the collect';
    completes = 'build status(es)';
    host = 'Bitbucket';
    budget;
    constructor(plan) {
        this.plan = plan;
        this.budget = plan.collection.budget;
    }
    requestCount() {
        return this.plan.collection.client.requestCount();
    }
    owns(deployment) {
        return deployment.collectedNote !== undefined;
    }
    /**
     * One deployment's status completed with its verdict, on the commit its
     * deploy wrote it on: only while the status still shows the run the
     * collect asked about; and where a deploy wrote the deployment's facts
     * again meanwhile (a rerun), its status is put back in progress for the
     * next collect.
     */
    async complete(deployment) {
        const { report, facts } = this.placeOf(deployment);
        const { client } = this.plan.collection;
        const key = facts.status.key;
        if (!(await showsRun(this.plan.collection, report.commit, key, facts, this.contextOf(report, facts))))
            throw new BitbucketError(`Its build status shows another run now (a later deploy wrote it, or someone else): it is left as it is.`, 409);
        const fields = this.redacted(report_statusWrite(deployment, { ...this.contextOf(report, facts), completed: true }));
        await client.postStatus(report.commit, fields);
        const now = await detailsOf(client, report);
        if (now.get(key) !== report.read.get(key)) {
            await this.restore(report, key, now.get(key));
            throw new BitbucketError(`A deploy wrote its facts again while the collect completed its status: the status is in progress again, for the next collect.`, 409);
        }
        this.plan.log.info(`Build status ${(0,shared_text/* quote */.hD)(deployment.name)} on commit ${report.commit.slice(0, 12)}: run ${deployment.runId} ended, the status is ${fields.state}.`);
    }
    /** The status of `key` put back in progress for the run a deploy's newer facts name (sealed, or nothing is written). */
    async restore(report, key, details) {
        const newer = readFactsLine(details, this.plan.collection.seal);
        if (!newer || !('deployment' in newer) || newer.status?.key !== key)
            return;
        const fields = this.redacted(report_statusWrite(newer.deployment, { ...this.contextOf(report, newer), completed: false }));
        await this.plan.collection.client.postStatus(report.commit, fields);
    }
    /** The completed deployments by the report that carried them. */
    steps(completed) {
        return stepsOfKept(completed);
    }
    /**
     * The report written again: every deployment of its step, the collected
     * ones with their verdicts; unless a deploy wrote it again since the
     * collect read it (its facts are then newer): the next collect reads that.
     */
    async rewrite(step) {
        const { report } = this.placeOf(step[0]);
        const now = await detailsOf(this.plan.collection.client, report);
        if ([...report.read].some(([key, details]) => now.get(key) !== details)) {
            this.plan.log.info(`The report ${(0,shared_text/* quote */.hD)(report.reportId)} on commit ${report.commit.slice(0, 12)} was written again since this collect read it: it is left for the next collect.`);
            return;
        }
        const rows = new Map(step.map(deployment => [deployment.collectedNote.row, deployment]));
        const deployments = report.step.map((facts, row) => rows.get(row) ?? facts.deployment);
        const written = this.redacted(stepReport(deployments, this.contextOf(report, report.step[0])));
        const { client } = this.plan.collection;
        await client.putReport(report.commit, report.reportId, written.report);
        await client.postAnnotations(report.commit, report.reportId, written.annotations);
    }
    failure(error, what) {
        return (0,api_errors/* hostFailure */.tB)(error, what);
    }
    where(deployment) {
        const { report } = this.placeOf(deployment);
        return `The build status ${(0,shared_text/* quote */.hD)(deployment.name)} on commit ${report.commit.slice(0, 12)}`;
    }
    contextOf(report, facts) {
        return {
            origins: this.plan.origins,
            pipelineUrl: facts.workflowRunUrl,
            commitUrl: `${this.plan.collection.commits}${encodeURIComponent(report.commit)}`,
            refname: facts.status?.ref,
            seal: this.plan.collection.seal,
            commit: report.commit,
            lane: undefined
        };
    }
    redacted(value) {
        return JSON.parse(this.plan.secrets.redactValue(JSON.stringify(value)));
    }
    placeOf(deployment) {
        const at = deployment.collectedNote;
        const report = this.plan.collection.reports[at.note];
        return { report, facts: report.step[at.row] };
    }
}
/** The details of a report's deployments' annotations now, by their keys. */
async function detailsOf(client, report) {
    const annotations = await client.listAnnotations(report.commit, report.reportId);
    return new Map(annotations
        .filter(a => report.read.has(String(a.external_id)))
        .map(a => [String(a.external_id), typeof a.details === 'string' ? a.details : '']));
}
/**
 * Whether the status of `key` shows the run the facts name: its link is the
 * one the deploy wrote for it (a completed one too: a collect whose report
 * write failed completed it already). A status another run's deploy wrote,
 * or anyone's, is not the collect's to complete.
 */
async function showsRun(collection, commit, key, facts, context) {
    const standing = await collection.client.getStatus(commit, key);
    const wrote = report_statusWrite(facts.deployment, { ...context, completed: false });
    return standing !== undefined && standing.url === wrote.url;
}

;// CONCATENATED MODULE: ./src/core/deploy/github.ts
/**
 * GitHub's part of a deploy, decided once for every front end from the
 * reporting plan: the check runs and the comment (host/reporter.ts with GitHub's side), what a
 * dry run can learn of them, and the names a wait-only step takes from the
 * check runs of the runs it waits for. No front end wires GitHub itself.
 */















/**
 * The GitHub reporter the settings ask for, or none; report-later where its
 * check run could not be written is refused here, before any request (an
 * InputError).
 */
async function githubReporters(settings, deployments, output, hooks) {
    const plan = reportingPlanOf(hooks.frontEnd, settings, output.secrets, hooks.env ?? {});
    if (settings.values.dryRun) {
        if (plan || hooks.frontEnd === 'action') {
            const names = deployments.map(deployment => deployment.name);
            await checkReporting(plan, names, output.log, loadClient, hooks.signal);
        }
        return [];
    }
    if (!plan)
        return [];
    if (plan.reportLater)
        await refuseWhereNoCollectLooks(plan, settings, hooks.ci, hooks.signal);
    return [new HostReporter(limits => new GitHubSide(plan, output.log, loadClient, limits))];
}
/**
 * The names a wait-only step without a check-name takes from GitHub, by
 * deployment, before they are decided (deploy/naming.ts); undefined where
 * GitHub is not reported to or the step is no wait. Whatever `check` says:
 * the comment a wait-only step continues is found by the names too.
 */
async function adoptedNames(settings, deployments, output, hooks) {
    if (settings.mode !== 'wait' || settings.values.checkName !== undefined)
        return undefined;
    const plan = reportingPlanOf(hooks.frontEnd, settings, output.secrets, hooks.env ?? {});
    return plan && adoptCheckNames(plan, deployments, output.log, loadClient, hooks.signal);
}
/**
 * Report-later only where a collect looks: an open pull request's head, or
 * the default branch's newest commits. Anywhere else (another branch, a tag,
 * a merge queue's commit) its check run would stay in progress for good, and
 * a required check would block the branch: refused before any request,
 * naming `wait`. The default branch is the event's; GitHub is asked once when
 * no event names it, and a GitHub that cannot tell leaves the deploy to find
 * out when it writes the check run.
 */
async function refuseWhereNoCollectLooks(plan, settings, ci, signal) {
    const { pullRequestNumber, branch, sha } = settings.git;
    if (pullRequestNumber !== undefined && !ci?.mergeQueue)
        return;
    const defaultBranch = ci?.defaultBranch ??
        (await briefly(plan, loadClient, signal, github_READ_MS, client => client.defaultBranch(plan.repo)).catch(() => undefined));
    if (defaultBranch === undefined || (branch === defaultBranch && !ci?.mergeQueue))
        return;
    const where = ci?.mergeQueue
        ? `a merge queue's branch ${(0,shared_text/* quote */.hD)(branch ?? '')}`
        : branch
            ? `branch ${(0,shared_text/* quote */.hD)(branch)}`
            : 'no branch (a tag, or a commit given by itself)';
    throw new errors/* InputError */.dz('reportLater', `is true for commit ${sha?.slice(0, 12) ?? '(unknown)'} on ${where}, which is neither an open pull request's head nor the default branch (${(0,shared_text/* quote */.hD)(defaultBranch)}): a collect looks only there, so its check run would stay in progress for good`, `Set ${(0,option_refs/* setting */.Pe)('wait', 'true')} to hold the job for the verdict instead, or use ${(0,option_refs/* ref */.KR)('reportLater')} in workflows of pull requests and of the default branch`);
}
/** How long the read of the default branch may take. */
const github_READ_MS = 10_000;
/** The code host's reporter of a collect: completes the check runs (GitHub) or statuses (GitLab) it collected and writes their steps' comments or notes. */
function collectedReporter(collection, settings, output, hooks) {
    const env = hooks.env ?? {};
    const context = { secrets: output.secrets, log: output.log, signal: hooks.signal };
    if (collection.bitbucket)
        return new CollectedReporter(new CollectedBuildStatuses({
            collection: collection.bitbucket,
            secrets: output.secrets,
            origins: linkOrigins(settings.baseUrl, 'https://bitbucket.org'),
            log: output.log
        }), context);
    if (collection.gitlab)
        return new CollectedReporter(new CollectedStatuses({
            collection: collection.gitlab,
            secrets: output.secrets,
            origins: linkOrigins(settings.baseUrl, env.CI_SERVER_URL),
            log: output.log
        }), context);
    return new CollectedReporter(new CollectedChecks({
        ...collection.github,
        secrets: output.secrets,
        origins: linkOrigins(settings.baseUrl, env.GITHUB_SERVER_URL),
        workflowRunUrl: workflowRunUrlOf(env),
        log: output.log,
        signal: hooks.signal
    }), context);
}

;// CONCATENATED MODULE: ./src/core/gitlab/plan.ts








/** Pure: the plan, or undefined when no GitLab token is given. */
function gitlabPlanOf(settings, secrets, env) {
    const token = settings.values.gitlabToken;
    if (!token) {
        // In a GitLab pipeline, report-later's verdict can only arrive on GitLab (github/plan.ts leaves it here).
        if (settings.values.reportLater && env.GITLAB_CI === 'true' && !settings.values.githubToken)
            throw new errors/* InputError */.dz('gitlabToken', `is empty, and ${(0,option_refs/* ref */.KR)('reportLater')} in a GitLab pipeline leaves each deployment's status running for a collect to complete with it`, `${(0,gitlab_errors/* missingTokenWords */.jz)(env)}; or set ${(0,option_refs/* setting */.Pe)('wait', 'true')} to hold the job for the verdict`);
        return undefined;
    }
    const sha = env.CI_COMMIT_SHA || settings.git.sha || '';
    const { apiUrl, project } = gitlabProjectOf(env, sha ? [] : ['CI_COMMIT_SHA']);
    const pipelineId = idOf(env.CI_PIPELINE_ID);
    // A wait-only step's settings carry no Git context: the pipeline's own variable names its merge request.
    const mergeRequest = settings.git.mergeRequestNumber ?? idOf(env.CI_MERGE_REQUEST_IID) ?? openMergeRequestOf(env);
    const reportLater = settings.values.reportLater === true;
    if (reportLater && mergeRequest === undefined)
        refuseReportLaterOnBranch(sha);
    return {
        token,
        apiUrl,
        project,
        sha,
        statuses: settings.wait || reportLater,
        ...(reportLater ? { seal: sealOf(settings.apiKey) } : {}),
        mergeRequest,
        pipelineUrl: env.CI_PIPELINE_URL || undefined,
        ...(pipelineId !== undefined ? { pipelineId } : {}),
        ref: env.CI_COMMIT_REF_NAME || undefined,
        secrets,
        origins: linkOrigins(settings.baseUrl, env.CI_SERVER_URL || plan_originOf(apiUrl))
    };
}
/**
 * Pure: GitLab's API and the project a pipeline's variables name, checked
 * before any request: all set (`also` names more that must be), the API
 * https (http only to this machine).
 */
function gitlabProjectOf(env, also = []) {
    const apiUrl = (0,shared_text/* withoutTrailingSlashes */.A$)(env.CI_API_V4_URL ?? '');
    const project = env.CI_PROJECT_ID ?? '';
    if (!apiUrl || !project || also.length > 0)
        throw new errors/* InputError */.dz('gitlabToken', `is given outside a GitLab pipeline: ${[['CI_API_V4_URL', 'CI_PROJECT_ID', ...also].slice(0, -1).join(', '), also[0] ?? 'CI_PROJECT_ID'].join(' and ')} say where it writes, and they are not all set`, `Use ${(0,option_refs/* ref */.KR)('gitlabToken')} in a GitLab CI/CD job, or leave it out`);
    refuseUnsafeApi(apiUrl);
    return { apiUrl, project };
}
/**
 * A collect finds what a step left for it in the step's note on its merge
 * request: a branch's pipeline with no open merge request has none, so its
 * statuses would stay running and hold the pipeline for good.
 */
function refuseReportLaterOnBranch(sha) {
    throw new errors/* InputError */.dz('reportLater', `is true with ${(0,option_refs/* ref */.KR)('gitlabToken')} in a pipeline of no merge request (commit ${sha.slice(0, 12)}): a collect on GitLab finds a deployment by the facts in its merge request's note, so this one's status would stay running and hold the pipeline for good`, `Use ${(0,option_refs/* ref */.KR)('reportLater')} in merge-request pipelines (rules: if: $CI_PIPELINE_SOURCE == "merge_request_event"), or set ${(0,option_refs/* setting */.Pe)('wait', 'true')} to hold the job for the verdict`);
}
/** The token is sent only over https, or to a loopback host over http (a stand-in on this machine). */
function refuseUnsafeApi(apiUrl) {
    let url;
    try {
        url = new URL(apiUrl);
    }
    catch {
        url = undefined;
    }
    const safe = url?.protocol === 'https:' || (url?.protocol === 'http:' && (0,name_rules/* isLoopback */.U9)(url.hostname));
    if (!safe)
        throw new errors/* InputError */.dz('gitlabToken', `would be sent to CI_API_V4_URL ${JSON.stringify(apiUrl)}, which is not https`, 'Run the job on a GitLab instance served over https (CI_API_V4_URL is GitLab’s own variable), or leave the token out');
}
function plan_originOf(url) {
    try {
        return new URL(url).origin;
    }
    catch {
        return undefined;
    }
}
/**
 * Pure: in a branch's pipeline, the merge request this branch is the source
 * of, by GitLab's CI_OPEN_MERGE_REQUESTS (`group/project!iid`, up to four,
 * comma-separated): the first of this very project (CI_PROJECT_PATH), so
 * that a branch's pipeline shows its verdict on the merge request too.
 */
function openMergeRequestOf(env) {
    const project = env.CI_PROJECT_PATH;
    if (!project)
        return undefined;
    for (const reference of (env.CI_OPEN_MERGE_REQUESTS ?? '').split(',')) {
        const bang = reference.lastIndexOf('!');
        if (bang > 0 && reference.slice(0, bang).trim() === project)
            return idOf(reference.slice(bang + 1).trim());
    }
    return undefined;
}
/** Pure: an id the pipeline's variables give (a merge request's iid, the pipeline's), when it is one: digits only. */
function idOf(value) {
    const number = Number(value);
    return value && /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(number) ? number : undefined;
}

;// CONCATENATED MODULE: ./src/core/gitlab/reporter.ts




class GitLabSide {
    plan;
    log;
    load;
    limits;
    name = 'GitLab commit status';
    host = 'GitLab';
    required = false;
    change;
    client;
    constructor(plan, log, load, limits) {
        this.plan = plan;
        this.log = log;
        this.load = load;
        this.limits = limits;
        this.change = plan.mergeRequest;
    }
    comments() {
        return this.connect();
    }
    commentBody(deployments) {
        const { sha, pipelineId, ref } = this.plan;
        return this.plan.secrets.redactValue(noteBody(deployments, { ...this.plan, status: { sha, pipelineId, ref } }));
    }
    /** A status shows no stage: the run's events change only the note. */
    staged() {
        return false;
    }
    statusWanted(deployments, index, final) {
        if (!this.plan.statuses)
            return undefined;
        const deployment = deployments[index];
        // Running only once its run exists; a deployment that created none is written only with its conclusion.
        if (!final && !deployment.runId)
            return undefined;
        // A verdict a collect brings: its status stays running until the collect completes it.
        const completed = final && !isPending(deployment);
        const fields = statusWrite(deployment, { ...this.plan, completed });
        const scrubbed = Object.fromEntries(Object.entries(fields).map(([name, value]) => [
            name,
            typeof value === 'string' ? this.plan.secrets.redactValue(value) : value
        ]));
        // GitLab refuses a status moved to the state it has: one write per state.
        return { fields: scrubbed, key: fields.state, final };
    }
    async writeStatus(_deployments, _index, wanted) {
        const client = await this.connect();
        await client.postStatus(this.plan.sha, wanted.fields);
    }
    /** Told once per kind, as a warning naming what GitLab said; a refusal stops that kind. */
    failed(kind, { error, stopped }, tell) {
        const status = error.status;
        const refused = status === 401 || status === 403 || status === 404 || stopped;
        if (!tell)
            return refused;
        const what = kind === 'status' ? 'The commit status' : 'The merge-request note';
        this.log.warning(this.plan.secrets.redact(`${what} could not be written on GitLab: ${(0,errors/* messageOf */.bD)(error).replace(/[.\s]*$/, '.')}${kind === 'status' ? ' A status left running holds its pipeline until the job is run again.' : ''} The deploy and its verdict are as this step reports them.`), 'Not shown on GitLab');
        return refused;
    }
    connect() {
        this.client ??= this.load(this.plan, this.limits);
        return this.client;
    }
}

;// CONCATENATED MODULE: ./src/core/deploy/gitlab.ts








/** The GitLab reporter the settings ask for, or none; a dry run writes nothing there. */
function gitlabReporters(settings, output, hooks) {
    const env = hooks.env ?? {};
    const plan = gitlabPlanOf(settings, output.secrets, env);
    if (settings.values.dryRun)
        return [];
    if (!plan) {
        // A GitLab job that waits, with only the job token GitLab gives every job: say what would show the verdict.
        if (settings.wait && env.GITLAB_CI === 'true' && !settings.values.githubToken)
            output.log.notice(`The verdict is not shown on the merge request or the commit: GITLAB_TOKEN is not set. ${(0,gitlab_errors/* missingTokenWords */.jz)(env)}.`, 'Not shown on GitLab');
        return [];
    }
    return [new HostReporter(limits => new GitLabSide(plan, output.log, loadGitLab, limits))];
}
/** GitLab's client, loaded only when something is reported there. */
async function loadGitLab(plan, limits) {
    const { createGitLabClient } = await Promise.resolve(/* import() */).then(__nccwpck_require__.bind(__nccwpck_require__, 5678));
    return createGitLabClient({
        token: plan.token,
        apiUrl: plan.apiUrl,
        project: plan.project,
        limits
    });
}
/** How long the read of the merge request's notes may take. */
const gitlab_READ_MS = 10_000;
/**
 * The names a wait-only step without a check-name takes on GitLab, by
 * deployment: the name our note on the merge request gives each run (the
 * deploy that did not wait wrote it), so that the step's statuses bear the
 * deploy's names and its note is the same one. Undefined where GitLab is not
 * reported to or the step is no wait; a read that fails finds none, with a
 * notice.
 */
async function gitlabAdoptedNames(settings, deployments, output, hooks) {
    if (settings.mode !== 'wait' || settings.values.checkName !== undefined)
        return undefined;
    const plan = gitlabPlanOf(settings, output.secrets, hooks.env ?? {});
    if (!plan || plan.mergeRequest === undefined)
        return undefined;
    const stop = AbortSignal.timeout(gitlab_READ_MS);
    const deadline = shared_clock/* clock */.pm.now() + gitlab_READ_MS;
    try {
        const client = await loadGitLab(plan, {
            signal: hooks.signal ? AbortSignal.any([hooks.signal, stop]) : stop,
            deadline: () => deadline
        });
        const said = await ourCommentRuns(client, plan.mergeRequest);
        return deployments.map(({ runId }) => {
            const note = runId ? said.find(entry => entry.runs.includes(runId)) : undefined;
            const name = note?.names[note.runs.indexOf(runId)];
            return name && name.length <= MAX_NAME_CHARACTERS ? name : undefined;
        });
    }
    catch (error) {
        if (hooks.signal?.aborted)
            throw error;
        output.log.notice(`The notes of merge request !${plan.mergeRequest} could not be read (${(0,errors/* messageOf */.bD)(error).replace(/\.$/, '')}); the verdicts are shown under the default names. Give check-name to name them.`, 'Status name');
        return undefined;
    }
}

// EXTERNAL MODULE: ./src/core/host/api.ts
var host_api = __nccwpck_require__(3182);
;// CONCATENATED MODULE: ./src/core/bitbucket/client.ts
/**
 * The Bitbucket Cloud REST client (2.0) of the build statuses and the Code
 * Insights report: what they need of Bitbucket, and nothing else, over the
 * one host API (host/api.ts) and its retry rule. Requests go only to the
 * API's address; the token rides as a bearer, or Pipelines' proxy signs
 * them. Every body carries the base object's `type`, which Bitbucket's
 * description requires.
 */




/** Bitbucket takes at most this many annotations a request. */
const ANNOTATIONS_A_REQUEST = 100;
/**
 * The most pages a list reads: 1,000 open pull requests or a report's 1,000
 * annotations at Bitbucket's 10 a page. No `pagelen` is asked: Bitbucket's
 * description declares it on none of these lists, and a stand-in held to
 * the description refuses it.
 */
const MAX_PAGES = 100;
function createBitbucketClient(connection) {
    const { auth } = connection;
    const proxied = 'proxy' in auth;
    const api = {
        url: (0,host_api/* apiAddress */.z)(BITBUCKET, connection.apiUrl, proxied),
        dialect: BITBUCKET,
        headers: 'token' in auth ? { authorization: `Bearer ${auth.token}` } : {},
        ...(proxied ? { proxy: auth.proxy } : {}),
        limits: connection.limits,
        requests: 0
    };
    const repository = `${api.url}/repositories/${encodeURIComponent(connection.workspace)}/${encodeURIComponent(connection.repoSlug)}`;
    const commitOf = (commit) => `${repository}/commit/${encodeURIComponent(commit)}`;
    return {
        ...statusCalls(api, commitOf),
        ...reportCalls(api, commitOf),
        async openPullRequestCommits() {
            const found = await pages(api, `${repository}/pullrequests?state=OPEN`);
            return found
                .map(value => client_text(value.source?.commit?.hash))
                .filter((hash) => hash !== undefined && /^[0-9a-f]{7,40}$/.test(hash));
        },
        requestCount: () => api.requests
    };
}
/** A commit's build statuses: one written, one read by its key. */
function statusCalls(api, commitOf) {
    return {
        async postStatus(commit, status, call) {
            const body = { type: 'commitstatus', ...withoutUndefined(status) };
            await (0,host_api/* request */.E)(api, 'POST', `${commitOf(commit)}/statuses/build`, body, call);
        },
        async getStatus(commit, key) {
            try {
                const answer = await (0,host_api/* request */.E)(api, 'GET', `${commitOf(commit)}/statuses/build/${encodeURIComponent(key)}`);
                const found = answer.json;
                return {
                    key,
                    state: String(found?.state ?? ''),
                    name: client_text(found?.name),
                    url: client_text(found?.url)
                };
            }
            catch (error) {
                if (error instanceof BitbucketError && error.status === 404)
                    return undefined;
                throw error;
            }
        }
    };
}
/** A commit's Code Insights reports and their annotations. */
function reportCalls(api, commitOf) {
    const reportOf = (commit, id) => `${commitOf(commit)}/reports/${encodeURIComponent(id)}`;
    return {
        async putReport(commit, id, report, call) {
            const body = { type: 'report', ...withoutUndefined(report) };
            await (0,host_api/* request */.E)(api, 'PUT', reportOf(commit, id), body, call);
        },
        async deleteReport(commit, id, call) {
            try {
                await (0,host_api/* request */.E)(api, 'DELETE', reportOf(commit, id), undefined, call);
            }
            catch (error) {
                // None there, or one this credential may not remove: the report's own write says what matters.
                if (!(error instanceof BitbucketError && error.status >= 400 && error.status < 500))
                    throw error;
            }
        },
        async postAnnotations(commit, id, annotations, call) {
            for (let start = 0; start < annotations.length; start += ANNOTATIONS_A_REQUEST) {
                const chunk = annotations
                    .slice(start, start + ANNOTATIONS_A_REQUEST)
                    .map(annotation => ({ type: 'report_annotation', ...withoutUndefined(annotation) }));
                await (0,host_api/* request */.E)(api, 'POST', `${reportOf(commit, id)}/annotations`, chunk, call);
            }
        },
        async listReports(commit) {
            return (await pages(api, `${commitOf(commit)}/reports`)).map(value => {
                const report = value;
                return {
                    id: client_text(report.external_id) ?? client_text(report.uuid) ?? '',
                    result: client_text(report.result),
                    reporter: client_text(report.reporter),
                    title: client_text(report.title)
                };
            });
        },
        async listAnnotations(commit, id) {
            return (await pages(api, `${reportOf(commit, id)}/annotations`));
        }
    };
}
/** Every page of a list: Bitbucket's answer names the next page's address (`next`), checked to be within the API when asked. */
async function pages(api, first) {
    const items = [];
    let url = first;
    for (let read = 0; url !== undefined && read < MAX_PAGES; read++) {
        const answer = await (0,host_api/* request */.E)(api, 'GET', url);
        const page = answer.json;
        if (!page || !Array.isArray(page.values))
            throw new BitbucketError(`Bitbucket's API answered ${(0,send/* labelOf */.Wy)('GET', url)} without a list`, 0);
        items.push(...page.values);
        // A next page named relative to this one is resolved against it; where it leads is checked before it is asked.
        url = typeof page.next === 'string' && page.next ? resolved(page.next, url) : undefined;
    }
    return items;
}
function resolved(next, from) {
    try {
        return new URL(next, from).toString();
    }
    catch {
        throw new BitbucketError(`Bitbucket's API named a next page that is no address`, 0);
    }
}
function client_text(value) {
    return typeof value === 'string' ? value : undefined;
}
function withoutUndefined(value) {
    return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));
}

;// CONCATENATED MODULE: ./src/core/bitbucket/plan.ts






/** Pure: the plan, or undefined when nothing is reported on Bitbucket. */
function bitbucketPlanOf(settings, secrets, env) {
    const token = settings.values.bitbucketToken;
    const reportLater = settings.values.reportLater === true;
    if (!settings.wait && !reportLater)
        return undefined;
    if (!token && !inBitbucketPipelines(env))
        return undefined;
    const commit = env.BITBUCKET_COMMIT || settings.git.sha || '';
    const { workspace, repoSlug } = repositoryOf(env, commit);
    // A collect looks at open pull requests' commits: a branch's pipeline's statuses would stay in progress for good.
    if (reportLater && !env.BITBUCKET_PR_ID)
        plan_refuseReportLaterOnBranch(commit);
    const auth = token ? { token } : { proxy: proxyOf(settings) };
    return {
        auth,
        apiUrl: plan_apiUrlOf(settings, 'proxy' in auth),
        workspace,
        repoSlug,
        commit,
        statuses: true,
        ...(reportLater ? { seal: sealOf(settings.apiKey) } : {}),
        refname: env.BITBUCKET_BRANCH || undefined,
        pipelineUrl: pipelineUrlOf(env),
        lane: laneOf(env),
        secrets,
        origins: linkOrigins(settings.baseUrl, 'https://bitbucket.org')
    };
}
/**
 * Pure: the workspace and repository the pipeline's variables name, checked
 * before any request: Bitbucket's own variables, all set, and the commit.
 */
function repositoryOf(env, commit) {
    const [owner, slug] = (env.BITBUCKET_REPO_FULL_NAME ?? '').split('/');
    const workspace = env.BITBUCKET_WORKSPACE || owner || '';
    const repoSlug = env.BITBUCKET_REPO_SLUG || slug || '';
    const missing = [
        ...(workspace ? [] : ['BITBUCKET_WORKSPACE']),
        ...(repoSlug ? [] : ['BITBUCKET_REPO_SLUG']),
        ...(commit ? [] : ['BITBUCKET_COMMIT'])
    ];
    if (missing.length > 0)
        throw new errors/* InputError */.dz('bitbucketToken', `is given, or the step runs in Bitbucket Pipelines, but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set: Bitbucket's own variables say where the statuses and the report are written`, `Run the step in Bitbucket Pipelines, which sets them, or set them (BITBUCKET_WORKSPACE, BITBUCKET_REPO_SLUG, BITBUCKET_COMMIT) where the CLI runs elsewhere; or leave ${(0,option_refs/* ref */.KR)('bitbucketToken')} out`);
    return { workspace, repoSlug };
}
/** Pure: the API's address, https (http only to a loopback host); through the proxy, the same address over http. */
function plan_apiUrlOf(settings, proxied) {
    const given = String(settings.values.bitbucketApiUrl ?? 'https://api.bitbucket.org/2.0');
    const url = parsed(given);
    const local = url?.protocol === 'http:' && (0,name_rules/* isLoopback */.U9)(url.hostname);
    if (!url ||
        (url.protocol !== 'https:' && !local) ||
        url.username ||
        url.password ||
        url.search ||
        url.hash)
        throw new errors/* InputError */.dz('bitbucketApiUrl', `is ${JSON.stringify(given.slice(0, 200))}, not an https address of Bitbucket's API`, `Give https://api.bitbucket.org/2.0 (the default), or a stand-in's address on this machine over http`);
    const address = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
    // The proxy signs what it reads: it takes the API's address over plain http, and talks TLS to Bitbucket itself.
    return proxied && url.protocol === 'https:' ? address.replace(/^https:/, 'http:') : address;
}
/** Pure: the proxy's address: a loopback host over http (the proxy is Pipelines' own, beside the step). */
function proxyOf(settings) {
    const given = String(settings.values.bitbucketProxy ?? 'http://localhost:29418');
    const url = parsed(given);
    if (!url ||
        url.protocol !== 'http:' ||
        !(0,name_rules/* isLoopback */.U9)(url.hostname) ||
        url.username ||
        url.password ||
        (url.pathname !== '/' && url.pathname !== '') ||
        url.search)
        throw new errors/* InputError */.dz('bitbucketProxy', `is ${JSON.stringify(given.slice(0, 200))}, not the http address of a proxy on this machine (no path, no credentials)`, `Leave it out for Pipelines' own (http://localhost:29418), or give ${(0,option_refs/* ref */.KR)('bitbucketToken')}: ${(0,option_refs/* setting */.Pe)('bitbucketToken', '$BITBUCKET_ACCESS_TOKEN')}`);
    return url.origin;
}
function plan_refuseReportLaterOnBranch(commit) {
    throw new errors/* InputError */.dz('reportLater', `is true on Bitbucket in a pipeline of no pull request (commit ${commit.slice(0, 12)}, no BITBUCKET_PR_ID): a collect on Bitbucket finds a deployment on an open pull request's commit, so this one's status would stay in progress for good`, `Use ${(0,option_refs/* ref */.KR)('reportLater')} in the pull-requests pipelines of bitbucket-pipelines.yml, or set ${(0,option_refs/* setting */.Pe)('wait', 'true')} to hold the step for the verdict`);
}
/** Pure: the step's place in a parallel group, by Bitbucket's own variable, or none. */
function laneOf(env) {
    const lane = env.BITBUCKET_PARALLEL_STEP;
    return lane && /^\d{1,3}$/.test(lane) ? lane : undefined;
}
/** Pure: the pipeline's page, from Bitbucket's variables, or none. */
function pipelineUrlOf(env) {
    const origin = env.BITBUCKET_GIT_HTTP_ORIGIN;
    const build = env.BITBUCKET_BUILD_NUMBER;
    if (!origin || !build || !/^\d{1,12}$/.test(build))
        return undefined;
    const url = parsed(origin);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
        return undefined;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}/pipelines/results/${build}`;
}
function parsed(text) {
    try {
        return new URL(text);
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/core/bitbucket/reporter.ts



class BitbucketSide {
    plan;
    log;
    load;
    limits;
    name = 'Bitbucket build status';
    host = 'Bitbucket';
    required = false;
    change = undefined;
    client;
    context;
    /** Whether this step removed the report an earlier run of it left (its bugs' annotations would stay otherwise). */
    cleared = false;
    constructor(plan, log, load, limits) {
        this.plan = plan;
        this.log = log;
        this.load = load;
        this.limits = limits;
        this.context = reportContextOf(plan);
    }
    comments() {
        return Promise.reject(new Error('Bitbucket shows a step as its report, not a comment'));
    }
    commentBody() {
        return '';
    }
    /** A status shows no stage: the run's events change only the report. */
    staged() {
        return false;
    }
    statusWanted(deployments, index, final) {
        const deployment = deployments[index];
        if (!final && !deployment.runId)
            return undefined;
        const completed = final && !isPending(deployment);
        const fields = this.redacted(report_statusWrite(deployment, { ...this.context, completed }));
        return { fields: fields, key: fields.state, final };
    }
    async writeStatus(_deployments, _index, wanted) {
        const client = await this.connect();
        await client.postStatus(this.plan.commit, wanted.fields);
    }
    /** The step's report, once the first deployment's run exists (or at the end). */
    stepWanted(deployments, final) {
        if (!final && !deployments.some(d => d.runId))
            return undefined;
        const written = this.redacted(stepReport(deployments, this.context));
        const id = reportId(deployments, this.context.lane);
        return { fields: { ...written, id }, key: JSON.stringify(written), final };
    }
    async writeStep(_deployments, wanted, signal) {
        const client = await this.connect();
        const { id, report, annotations } = wanted.fields;
        if (!this.cleared)
            await this.clear(client, id, signal);
        this.cleared = true;
        await client.putReport(this.plan.commit, id, report);
        await client.postAnnotations(this.plan.commit, id, annotations);
    }
    /** The report an earlier run left, removed where it may be: a cleanup that fails never keeps the report from being written. */
    async clear(client, id, signal) {
        try {
            await client.deleteReport(this.plan.commit, id, { signal });
        }
        catch (error) {
            if (signal.aborted || this.limits.signal.aborted)
                throw error;
        }
    }
    /** Told once per kind, as a warning naming what Bitbucket said; a refusal stops that kind. */
    failed(kind, { error, stopped }, tell) {
        const status = error.status;
        const refused = status === 401 || status === 403 || status === 404 || stopped;
        if (!tell)
            return refused;
        const what = kind === 'status' ? 'The build status' : 'The Code Insights report';
        const via = 'proxy' in this.plan.auth
            ? ` (through Pipelines' authentication proxy, ${this.plan.auth.proxy})`
            : '';
        this.log.warning(this.plan.secrets.redact(`${what} could not be written on Bitbucket${via}: ${(0,errors/* messageOf */.bD)(error).replace(/[.\s]*$/, '.')} The deploy and its verdict are as this step reports them.`), 'Not shown on Bitbucket');
        return refused;
    }
    /** Every text redacted as the step's output is: a secret never reaches Bitbucket. */
    redacted(value) {
        return JSON.parse(this.plan.secrets.redactValue(JSON.stringify(value)));
    }
    connect() {
        this.client ??= this.load(this.plan, this.limits);
        return this.client;
    }
}
/** Pure: what the report and the statuses are written in, from the plan. */
function reportContextOf(plan) {
    return {
        origins: plan.origins,
        pipelineUrl: plan.pipelineUrl,
        commitUrl: `https://bitbucket.org/${encodeURIComponent(plan.workspace)}/${encodeURIComponent(plan.repoSlug)}/commits/${encodeURIComponent(plan.commit)}`,
        refname: plan.refname,
        seal: plan.seal,
        commit: plan.commit,
        lane: plan.lane
    };
}

;// CONCATENATED MODULE: ./src/core/deploy/bitbucket.ts
/**
 * Bitbucket's part of a deploy, decided once for every front end from the
 * settings and the pipeline's variables: the build statuses and the Code
 * Insights report (host/reporter.ts with Bitbucket's side), or none. What
 * cannot be used where the step runs is refused here, before any request.
 */




/** The Bitbucket reporter the settings ask for, or none; a dry run writes nothing there. */
function bitbucketReporters(settings, output, hooks) {
    const plan = bitbucketPlanOf(settings, output.secrets, hooks.env ?? {});
    if (settings.values.dryRun || !plan)
        return [];
    return [new HostReporter(limits => new BitbucketSide(plan, output.log, loadBitbucket, limits))];
}
/** Bitbucket's client of a plan. */
function loadBitbucket(plan, limits) {
    return Promise.resolve(createBitbucketClient({
        auth: plan.auth,
        apiUrl: plan.apiUrl,
        workspace: plan.workspace,
        repoSlug: plan.repoSlug,
        limits
    }));
}

;// CONCATENATED MODULE: ./src/core/service/v0/paths.ts
/** The verdict's path at the service: the client asks it, and the wait names it in its messages. */
const GREENLIGHT_PATH = '/api/v0/ci-greenlight';

// EXTERNAL MODULE: ./src/core/transport/retry.ts
var retry = __nccwpck_require__(2927);
;// CONCATENATED MODULE: ./src/core/verdict/poll.ts






/** The SDK's cadence: every 30 s while initializing, every 60 s under review. */
const DEFAULT_POLL_INTERVAL_SECONDS = 30;
/** Failed asks in a row (5xx, network, 429) before the wait gives up, as the SDK. */
const MAX_FAILURES_IN_A_ROW = 10;
/** The first asks come sooner: a short run's verdict is known without waiting a whole interval. */
const QUICK_ASKS = 3;
/** A run followed through more supersedings than this is a service in a loop, not a busy branch. */
const MAX_SUPERSEDINGS = 20;
/**
 * Asks for the run's verdict until it is known or the time is up (spec Part 3).
 * A 404 while the run is not there yet is asked again for a grace; what the
 * transport's retry policy calls transient (network, 429, 500, 502, 503, 504)
 * is asked again at most ten times in a row, after the server's Retry-After
 * within the policy's cap; any other 4xx stops with its message. An answer too
 * large to read is asked again at the normal pace, and named if the wait times
 * out. A superseded run is followed at the same pace, and a chain of
 * supersedings that loops or never ends stops the wait. Every ask and every
 * sleep ends by the timeout, and at once on the signal. One log line per stage
 * change, and a heartbeat every few intervals.
 */
async function pollVerdict(service, options) {
    const wait = new VerdictWait(service, options);
    for (;;) {
        let next;
        try {
            next = wait.answered(await service.greenlight(wait.runId, wait.deadline));
        }
        catch (error) {
            next = wait.failed(error);
        }
        if (typeof next !== 'number')
            return next;
        const left = wait.deadline - wait.clock.now();
        if (left <= 0)
            return wait.timedOut();
        if (next >= left) {
            await wait.clock.sleep(left, options.signal);
            return wait.timedOut();
        }
        await wait.clock.sleep(next, options.signal);
    }
}
/**
 * Asks once for the verdict of a run someone else waits for (a collect of a
 * deployment reported later): no loop and no sleep. A superseding run is
 * followed at once, as far as the wait would follow it; a run still under
 * way is pending, unless it has been pending for `timeoutMs` since
 * `pendingSince`: then its verdict is timed-out, as the wait's would be.
 * A failed ask throws, after the transport's own retries within `deadline`.
 */
async function verdictNow(service, options) {
    const clock = options.clock ?? shared_clock/* clock */.pm;
    const wait = new VerdictWait(service, {
        runId: options.runId,
        timeoutMs: options.timeoutMs,
        intervalMs: 1,
        notFoundGraceMs: 0,
        signal: options.signal,
        clock
    });
    let last;
    for (;;) {
        const runId = wait.runId;
        const answer = await service.greenlight(runId, options.deadline);
        last = { runId, stage: answer.stage, answer };
        const next = wait.answered(answer);
        if (typeof next !== 'number')
            return { verdict: next };
        if (wait.runId !== runId)
            continue;
        if (clock.now() - options.pendingSince >= options.timeoutMs)
            return { verdict: wait.timedOut() };
        return { pending: { ...last, runId: wait.runId } };
    }
}
/** One wait's state: the run followed, the last answer, the failures in a row; each answer gives the verdict or the next sleep. */
class VerdictWait {
    service;
    options;
    clock;
    deadline;
    runId;
    log;
    base;
    followed;
    last;
    failures = 0;
    notFoundSince;
    asks = 0;
    lastStage;
    lastHeartbeat;
    problem;
    constructor(service, options) {
        this.service = service;
        this.options = options;
        this.clock = options.clock ?? shared_clock/* clock */.pm;
        this.log = service.config.log;
        this.base = options.intervalMs;
        this.lastHeartbeat = this.clock.now();
        this.deadline = this.lastHeartbeat + options.timeoutMs;
        this.runId = options.runId;
        this.followed = [this.runId];
    }
    /** The verdict the answer settles, or how long to sleep before the next ask. */
    answered(answer) {
        this.asks++;
        this.failures = 0;
        this.notFoundSince = undefined;
        this.problem = undefined;
        this.last = answer;
        this.options.onStatus?.({ runId: this.runId, stage: answer.stage, answer });
        const next = answer.relevantRunId;
        if (next && next !== this.runId)
            return this.follow(next);
        this.tellStage(answer);
        const { timeoutMs } = this.options;
        if (answer.stage === 'completed')
            return verdictOf(answer.greenlight ? 'passed' : 'failed', this.runId, answer, timeoutMs);
        if (answer.stage === 'canceled')
            return verdictOf('canceled', this.runId, answer, timeoutMs);
        const interval = answer.stage === 'underReview' ? 2 * this.base : this.base;
        return this.asks <= QUICK_ASKS ? Math.ceil(interval / 3) : interval;
    }
    /** What a failed ask comes to, by the transport's one retry rule: the timeout, an error that stops the wait, or the next sleep. */
    failed(error) {
        this.asks++;
        if (this.clock.now() >= this.deadline && error instanceof errors/* NetworkError */.Dr)
            return this.timedOut();
        if (error instanceof send/* OversizeAnswerError */.Ox) {
            // The service is there and answered: no failure of its own, so no step toward giving up.
            this.problem = error.message;
            this.log.info(`The answer about run ${this.runId} could not be read (${error.message}); asking again.`);
            return this.base;
        }
        if (error instanceof errors/* HttpStatusError */.F9 && error.status === 404) {
            this.notFoundSince ??= this.clock.now();
            if (this.clock.now() - this.notFoundSince >= this.options.notFoundGraceMs)
                throw unknownRun(this.runId, error, this.options.createdHere === true);
            this.log.info(`Run ${this.runId} is not there yet; asking again.`);
            return Math.ceil(this.base / 3);
        }
        if (!(0,retry/* isTransient */.dg)(error) || ++this.failures >= MAX_FAILURES_IN_A_ROW)
            throw error;
        this.problem = (0,errors/* messageOf */.bD)(error);
        this.log.info(`Asking for the verdict failed (${this.problem}); asking again.`);
        return (0,retry/* requestedDelay */.QQ)(error, this.service.config.policy) ?? Math.ceil(this.base / 3);
    }
    timedOut() {
        return {
            ...verdictOf('timed-out', this.runId, this.last, this.options.timeoutMs),
            greenlight: this.last?.greenlight ?? false,
            ...(this.problem === undefined ? {} : { problem: this.problem })
        };
    }
    /** Follows a superseding run at the normal pace; a chain that loops or never ends stops the wait. */
    follow(next) {
        const { runId, followed } = this;
        if (followed.includes(next))
            throw new errors/* DeployError */.sH(`The service named run ${runId} as superseded by run ${next}, which it had named as superseded before (${[...followed, next].join(' → ')}); the wait stops here rather than go round in circles. Contact support with these run ids.`);
        if (followed.length > MAX_SUPERSEDINGS)
            throw new errors/* DeployError */.sH(`Run ${this.options.runId} was superseded ${followed.length} times while waiting (${followed.slice(-3).join(' → ')} → ${next}); the wait stops here. Deploy less often to this branch and environment, or set ${(0,option_refs/* ref */.KR)('deduplicationKey')} per deployment.`);
        this.log.info(`Run ${runId} was superseded by run ${next} (a newer deployment with the same deduplication key); following it.`);
        followed.push(next);
        this.runId = next;
        this.lastStage = undefined;
        return this.base;
    }
    /** One line per stage change, and a heartbeat every six intervals. */
    tellStage(answer) {
        if (answer.stage !== this.lastStage) {
            this.log.info(`Run ${this.runId}: ${describeStage(answer)}.`);
            this.lastStage = answer.stage;
            this.lastHeartbeat = this.clock.now();
        }
        else if (this.clock.now() - this.lastHeartbeat >= 6 * this.base) {
            this.log.info(`Run ${this.runId} is still ${describeStage(answer)}.`);
            this.lastHeartbeat = this.clock.now();
        }
    }
}
/**
 * A run the service still does not know after the grace. Created by this
 * step's own notification, the run exists: the workspace does not offer the
 * verdict endpoint. Given by hand, it is a wrong id, another workspace's, or
 * the same missing endpoint.
 */
function unknownRun(runId, error, createdHere) {
    const label = error.message.replace(/ answered 404.*$/s, '');
    const endpoint = `the verdict endpoint (GET ${GREENLIGHT_PATH}/{runId}, docs/requests.md) is not available for this workspace`;
    return new errors/* DeployError */.sH(createdHere
        ? `${label} still answers 404 Not Found for run ${runId}, which this step's notification created: ${endpoint}. The run goes on at the service, on its page. Ask the service's operator to offer the verdict endpoint for this workspace, or deploy without waiting for the verdict.`
        : `${label} still answers 404 Not Found: the service knows no run ${runId} in this workspace, or ${endpoint}. Check ${(0,option_refs/* ref */.KR)('runId')}: pass the runId of the deploy that created the run, unchanged, with the API key of the same workspace (${(0,option_refs/* setting */.Pe)('runId', runId)}); if it is, ask the service's operator about the verdict endpoint.`);
}
function verdictOf(verdict, runId, answer, timeoutMs) {
    const bugs = answer?.bugs ?? [];
    return {
        verdict,
        greenlight: verdict === 'passed',
        runId,
        runUrl: answer?.runUrl,
        bugsUrl: answer?.bugsUrl,
        blockingBugsCount: answer?.blockingBugsCount,
        nonBlockingBugsCount: answer?.nonBlockingBugsCount,
        bugs,
        blockingBugs: [...bugs, ...(answer?.otherBlockingBugs ?? [])].filter(bug => bug.blocking),
        timeoutMs,
        answered: answer !== undefined
    };
}
/** A stage in words, with what the service reports of it. */
function describeStage(answer) {
    switch (answer.stage) {
        case 'initializing':
            return 'initializing (the flows are starting)';
        case 'underReview': {
            const parts = [
                answer.underInvestigation !== undefined &&
                    `${answer.underInvestigation} workflow(s) under investigation`,
                answer.autoRetrying && `${answer.autoRetrying} retrying`,
                answer.blockingBugsCount !== undefined &&
                    `${answer.blockingBugsCount} blocking bug(s) so far`,
                answer.nonBlockingBugsCount !== undefined && `${answer.nonBlockingBugsCount} non-blocking`
            ].filter(Boolean);
            return `under review${parts.length ? ` (${parts.join(', ')})` : ''}`;
        }
        case 'completed':
            return answer.greenlight
                ? 'completed, green'
                : `completed with ${answer.blockingBugsCount ?? 'some'} blocking bug(s)`;
        case 'canceled':
            return 'canceled';
        default:
            return 'in a stage this client does not know';
    }
}

;// CONCATENATED MODULE: ./src/core/deploy/waiting.ts



/**
 * Waits for the verdict of the run the deploy created (or, in wait mode, the
 * one given); the judgement decides what a verdict other than passed does.
 */
async function waitForVerdict(session, deployment) {
    const { settings, log } = session;
    const afterDeploy = settings.mode !== 'wait';
    const runId = deployment.runId;
    if (!runId || deployment.noRun) {
        log.info('No run was created, so there is no verdict to wait for.');
        return {};
    }
    const deadline = shared_clock/* clock */.pm.now() + settings.waitTimeoutMs;
    const service = session.service(session.hooks.signal, deadline);
    const base = settings.pollIntervalMs;
    session.emitEvent({ type: 'waiting', runId });
    const verdict = await session.phase(`Verdict of run ${runId}`, () => {
        log.info(`Waiting up to ${(0,format/* formatMinutes */.dp)(settings.waitTimeoutMs / 60_000)} for the verdict of run ${runId}.`);
        return pollVerdict(service, {
            runId,
            timeoutMs: settings.waitTimeoutMs,
            intervalMs: base,
            // Right after the notification the service creates the run a moment later; a run id given by hand should exist.
            notFoundGraceMs: Math.max(afterDeploy ? 10_000 : 3_000, ((afterDeploy ? 10 : 3) * base) / 3),
            createdHere: afterDeploy,
            signal: session.hooks.signal,
            onStatus: status => session.emitEvent({ type: 'status', status })
        });
    });
    if (verdict.verdict === 'passed')
        log.info(`Run ${verdict.runId} passed: green light.${verdict.runUrl ? ` ${verdict.runUrl}` : ''}`);
    if (verdict.verdict === 'timed-out')
        log.info(`The wait timed out; run ${verdict.runId} goes on at the service.`);
    return { facts: { verdict: waiting_scrubbed(session, verdict) }, event: { type: 'verdict' } };
}
/** A verdict whose service-given texts (bug names, links) carry no secret. */
function waiting_scrubbed(session, verdict) {
    return scrubbedVerdict(verdict, text => session.value(text));
}
/** Pure: a verdict with each service-given text (bug names, links) passed through `value`, the deploy's redaction. */
function scrubbedVerdict(verdict, value) {
    const text = (t) => t === undefined ? undefined : value(t);
    const clean = (bugs) => bugs.map(bug => ({ ...bug, name: text(bug.name), url: text(bug.url) }));
    return {
        ...verdict,
        runUrl: text(verdict.runUrl),
        bugsUrl: text(verdict.bugsUrl),
        bugs: clean(verdict.bugs),
        blockingBugs: clean(verdict.blockingBugs)
    };
}

;// CONCATENATED MODULE: ./src/core/deploy/collect-ask.ts




/** The longest one ask for a run's verdict may take with its retries. */
const ASK_MS = 60_000;
/** The verdict of run `runId` (pending since `pendingSince`), asked once; the service's words redacted. */
async function askVerdict(service, runId, pendingSince, asking, deadline) {
    const { waitTimeoutMs } = asking.settings;
    try {
        const now = await verdictNow(service, {
            runId,
            timeoutMs: waitTimeoutMs,
            pendingSince,
            deadline,
            signal: asking.signal
        });
        return 'verdict' in now ? { verdict: scrubbedVerdict(now.verdict, asking.value) } : now;
    }
    catch (error) {
        if (!(error instanceof errors/* HttpStatusError */.F9))
            throw error;
        const old = shared_clock/* clock */.pm.now() - pendingSince >= waitTimeoutMs;
        if (error.status === 410 || (error.status === 404 && old))
            return { verdict: gone(runId, error, asking) };
        // A run not there yet right after its deploy: still pending.
        if (error.status === 404)
            return { pending: { runId, answer: { greenlight: false, bugs: [], otherBlockingBugs: [] } } };
        throw error;
    }
}
/** A run whose verdict will never come, as a timed-out verdict carrying the service's words. */
function gone(runId, error, asking) {
    const words = error.status === 410
        ? error.message
        : `The service still answers 404 Not Found for run ${runId}, longer than the wait's timeout after its deploy: it knows no such run in this workspace, or the verdict endpoint (GET /api/v0/ci-greenlight/{runId}, docs/requests.md) is not available for this workspace. Deploy again for a new run; if it happens again, ask the service's operator about the verdict endpoint.`;
    return {
        verdict: 'timed-out',
        greenlight: false,
        runId,
        bugs: [],
        blockingBugs: [],
        timeoutMs: asking.settings.waitTimeoutMs,
        answered: false,
        gone: asking.value(words)
    };
}

;// CONCATENATED MODULE: ./src/core/github/claim.ts
/**
 * How a collect makes a check run its own before it reports on it, when a
 * collect beside it may be collecting it too. GitHub has no conditional
 * write, so a collect claims the check run (a token of its own in
 * `external_id`), reads it back a write spacing later, and reports the
 * verdict (the GitHub reporter completes the check run, every other report
 * target shows it) only if the claim is still its own and the check still in
 * progress: of two collects at once, the later claim wins, and one that
 * claims after the other's look finds it completed. This is best effort: a
 * write GitHub applies late can still let both report it, and then both
 * write the same conclusion from the same verdict, and edit the one comment
 * to the same text.
 */


/** Claims `run` for this collect; true when the claim stands and the check run is still in progress. */
async function claim(client, repo, run, identity, spaced) {
    const token = (0,external_node_crypto_namespaceObject.randomBytes)(6).toString('hex');
    await spaced(() => client.updateCheck(repo, run.id, { external_id: externalId({ ...identity, claim: token }) }));
    // The claim stands a write spacing before it is read back: a collect beside this one has claimed by then.
    const claimed = await spaced(() => client.getCheck(repo, run.id));
    return claimed.status !== 'completed' && parseExternalId(claimed.externalId)?.claim === token;
}

;// CONCATENATED MODULE: ./src/core/github/spacer.ts

/** GitHub asks for at least a second between two writes (its secondary rate limits): a collect's writes are spaced so. */
const WRITE_SPACING_MS = 1000;
/**
 * The spacing of a collect's writes to GitHub, its claims and its
 * reporter's completions alike: each write waits until WRITE_SPACING_MS
 * after the last one; a stop ends the wait at once.
 */
class Spacer {
    signal;
    lastWrite = -Infinity;
    constructor(signal) {
        this.signal = signal;
    }
    async spaced(write) {
        const wait = this.lastWrite + WRITE_SPACING_MS - shared_clock/* clock */.pm.now();
        if (wait > 0)
            await shared_clock/* clock */.pm.sleep(wait, this.signal);
        this.lastWrite = shared_clock/* clock */.pm.now();
        return write();
    }
}

;// CONCATENATED MODULE: ./src/core/deploy/collect-github.ts
/**
 * GitHub's side of a collect (collect-source.ts): the check runs its deploys
 * left in progress on open pull requests' heads and the default branch's
 * newest commits, their facts sealed under the API key (github/
 * pending-checks.ts); each one whose run ended is claimed (github/claim.ts),
 * with the copies showing the same deployment, so that no collect beside it
 * reports it too. Requests to GitHub are held to the collect's budget
 * before each one (pages and retries included) and to a reserve of the
 * token's hourly rate limit.
 */











/** The collect's GitHub: refused before any request where it cannot look. */
async function githubSource(run) {
    const { settings, hooks } = run;
    const { repo, token } = whereToCollect(settings, hooks.env ?? {});
    const budget = new Budget(settings.values.collectMaxRequests ?? 300);
    const client = await loadClient(token, apiUrlOf(hooks.env ?? {}), {
        signal: hooks.signal ?? new AbortController().signal,
        deadline: () => undefined,
        beforeRequest: () => budget.check(client)
    });
    const github = {
        client,
        repo,
        seal: sealOf(settings.apiKey),
        spacer: new Spacer(hooks.signal),
        budget
    };
    const source = {
        requestCount: () => client.requestCount(),
        places: turn => headsToCollect(client, repo, turn),
        async look(head) {
            const { pending, refused } = await pendingChecks(client, repo, head.sha, github.seal);
            return {
                waiting: pending.map(check => waiting(github, check, head)),
                refused: refused.map(({ run: check, problem, otherKey }) => ({
                    what: collect_github_where(head, check),
                    problem,
                    otherKey
                }))
            };
        },
        failure: github_errors/* collectFailure */.bv
    };
    // A different pull request first in each collect: none waits behind others a budget never gets past.
    const turn = Number(hooks.env?.GITHUB_RUN_ID) || Math.floor(shared_clock/* clock */.pm.now() / 60_000);
    return { source, github, turn };
}
/** One pending check run, as the pass asks about it; claimed (its copies too) once its run ended. */
function waiting(github, check, head) {
    const { runId } = check;
    return {
        runId,
        since: Date.parse(check.run.startedAt ?? '') || shared_clock/* clock */.pm.now(),
        count: 1 + check.copies.length,
        what: `${collect_github_where(head, check.run)} (run ${runId})`,
        collected: verdict => claimed(github, check, head, verdict)
    };
}
async function claimed(github, check, head, verdict) {
    const { client, repo, spacer, budget } = github;
    const { facts, identity } = check;
    const claimOne = async (check, identity) => {
        if (!(await claim(client, repo, check, identity, write => spacer.spaced(write))))
            return false;
        // Its completion and comment come later, from the GitHub reporter: their requests are held for them.
        budget.reserved += WRITES_PER_CLAIM;
        return true;
    };
    const own = { ...identity, claim: undefined };
    if (!(await claimOne(check.run, own)))
        return undefined;
    const copies = [];
    for (const copy of check.copies) {
        const theirs = { ...copy.identity, claim: undefined };
        if (await claimOne(copy.run, theirs))
            copies.push({ checkRunId: copy.run.id, identity: theirs });
    }
    return {
        ...facts.deployment,
        verdict,
        wait: undefined,
        stage: undefined,
        judgement: undefined,
        collected: {
            checkRunId: check.run.id,
            copies,
            identity: own,
            sha: head.sha,
            pulls: head.pulls,
            rows: facts.rows,
            runs: facts.runs,
            workflowRunUrl: facts.workflowRunUrl
        }
    };
}
/** The repository and the token a collect works with, checked before any request: GITHUB_REPOSITORY in a workflow, never a pull request's. */
function whereToCollect(settings, env) {
    const repo = githubRepoOf(settings, env);
    const token = settings.values.githubToken;
    // A pull request's workflow is the pull request's own file, with a fork's read-only token: no place for
    // the one pass that completes every pull request's checks (and whose attestation is signed by that workflow).
    if (env.GITHUB_EVENT_NAME === 'pull_request')
        throw new errors/* InputError */.dz('collect', 'is true in a workflow run by a pull_request event: a collect completes the check runs of every open pull request and of the default branch, so it belongs to a workflow of the default branch, never to one a pull request can change (or a fork run with a read-only token)', 'Collect in a workflow of its own, on: schedule (every 10 minutes) and workflow_dispatch (to collect at once)');
    if (!token)
        throw new errors/* InputError */.dz('githubToken', 'is empty', "Give a token that may write checks and pull requests: the workflow's GITHUB_TOKEN with permissions checks: write and pull-requests: write");
    if (!repo)
        throw new errors/* InputError */.dz('githubRepository', 'is empty, and no GITHUB_REPOSITORY says which repository to collect in', 'Run the collect in a GitHub workflow, or give the repository as owner/name');
    return { repo, token };
}
/** Pure: a check run named with where it is: the pull requests whose head the commit is, else the commit. */
function collect_github_where(head, check) {
    const on = head.pulls.length > 0
        ? `pull request ${head.pulls.map(n => `#${n}`).join(', ')}`
        : `commit ${head.sha.slice(0, 12)}`;
    return `Check run ${(0,shared_text/* quote */.hD)(check.name ?? '')} on ${on}`;
}

// EXTERNAL MODULE: ./src/core/gitlab/client.ts + 2 modules
var gitlab_client = __nccwpck_require__(5678);
;// CONCATENATED MODULE: ./src/core/deploy/collect-source.ts
/**
 * What a collect needs of a code host to find what deploys reported later
 * left for it: the places to look (GitHub: open pull requests' heads and the
 * default branch's newest commits; GitLab: open merge requests), what waits
 * at each (a deployment whose run the service is asked about once), and how
 * one is claimed once its run ended. The pass over them is one
 * (collect.ts); GitHub's side is collect-github.ts, GitLab's
 * collect-gitlab.ts.
 */



/**
 * A deployment of a step a host keeps whole (a GitLab note, a Bitbucket
 * report) waiting for its run: once claimed, its step joins `steps` (the
 * first time one of its rows is), the writes it will need are reserved in
 * the budget (or it is left for the next collect), and it points at its
 * step and row for the host's collected reporter.
 */
function waitingInStep(held, step, row, what) {
    const { deployment } = step.step[row];
    return {
        runId: deployment.runId,
        since: deployment.startedAt ?? shared_clock/* clock */.pm.now(),
        count: 1,
        what: `${what} (run ${deployment.runId})`,
        async collected(verdict) {
            held.budget.reserve(held.client, WRITES_PER_CLAIM);
            let at = held.steps.indexOf(step);
            if (at < 0)
                at = held.steps.push(step) - 1;
            return {
                ...deployment,
                verdict,
                wait: undefined,
                stage: undefined,
                judgement: undefined,
                collectedNote: { note: at, row }
            };
        }
    };
}
/** A request of the pass itself: a refusal the host's rule stops on ends the collect. */
async function stopping(request) {
    try {
        return await request();
    }
    catch (error) {
        const comes = (0,api_errors/* hostFailure */.tB)(error, 'The collect');
        throw 'stop' in comes ? comes.stop : error;
    }
}

;// CONCATENATED MODULE: ./src/core/deploy/collect-gitlab.ts
/**
 * GitLab's side of a collect (collect-source.ts), over what a GitLab step
 * reported later leaves: a commit status `running` per deployment and, in
 * its merge request's note, every deployment's facts sealed under the API
 * key (gitlab/note.ts). It reads the notes of ours (the token's own user
 * wrote them) on the project's open merge requests; each pending row whose
 * run ended is collected, and its note goes to the GitLab reporter
 * (gitlab/collected.ts), which completes its status and rewrites the note.
 * Two collects never run at once: the component's `resource_group` keeps
 * them one at a time. Requests to GitLab are held to the collect's budget.
 */













/** The collect's GitLab: refused before any request where it cannot look. */
function gitlabSource(run) {
    const { settings, hooks } = run;
    const env = hooks.env ?? {};
    const { apiUrl, project, token } = collect_gitlab_whereToCollect(settings, env);
    const budget = new Budget(settings.values.collectMaxRequests ?? 300);
    const client = (0,gitlab_client.createGitLabClient)({
        token,
        apiUrl,
        project,
        limits: {
            signal: hooks.signal ?? new AbortController().signal,
            deadline: () => undefined,
            beforeRequest: () => budget.check(client)
        }
    });
    const gitlab = { client, budget, seal: sealOf(settings.apiKey), notes: [] };
    let own;
    const source = {
        requestCount: () => client.requestCount(),
        places: turn => stopping(async () => rotated(await client.openMergeRequests(), turn)),
        look: iid => stopping(async () => {
            own ??= client.ownIdentity().then(name => name.toLowerCase());
            return lookAt(gitlab, iid, await own);
        }),
        failure: gitlab_errors/* gitlabFailure */.AD
    };
    // A different merge request first in each collect: none waits behind others a budget never gets past.
    const turn = Number(env.CI_PIPELINE_ID) || Math.floor(shared_clock/* clock */.pm.now() / 60_000);
    return { source, gitlab, turn };
}
/** The notes of ours on one merge request, each a step; a note with a line it cannot use is left as it is. */
async function lookAt(gitlab, iid, own) {
    const ours = await gitlab.client.findComments(iid, note => note.author?.toLowerCase() === own && note.body.includes('mobile-build-deploy facts='));
    const waiting = [];
    const refused = [];
    for (const note of ours) {
        const step = noteStep(note.body, gitlab.seal);
        if (!step)
            continue;
        if (step.refused.length > 0) {
            const problems = [...new Set(step.refused.map(line => line.problem))].join('; ');
            refused.push({ what: `The note ${note.id} on merge request !${iid}`, problem: problems });
            continue;
        }
        const collected = {
            mergeRequest: iid,
            noteId: note.id,
            body: note.body,
            step: step.deployments
        };
        for (const [row, facts] of step.deployments.entries()) {
            if (!isPending(facts.deployment) || !facts.status)
                continue;
            waiting.push(waitingInStep({ ...gitlab, steps: gitlab.notes }, collected, row, `The status ${(0,shared_text/* quote */.hD)(facts.deployment.name)} on merge request !${iid}`));
        }
    }
    return { waiting, refused };
}
/**
 * The project and the token a collect on GitLab works with, checked before
 * any request: a pipeline of the project's own (a schedule, a run by hand),
 * never a merge request's, whose configuration the merge request can change.
 */
function collect_gitlab_whereToCollect(settings, env) {
    if (env.CI_PIPELINE_SOURCE === 'merge_request_event')
        throw new errors/* InputError */.dz('collect', 'is true in a merge request’s pipeline: a collect completes the statuses and notes of every open merge request, so it belongs to a pipeline of the default branch, never to one a merge request can change', 'Collect in a scheduled pipeline (Build > Pipeline schedules, every 10 minutes), with rules: if: $CI_PIPELINE_SOURCE == "schedule"');
    const token = settings.values.gitlabToken;
    if (!token)
        throw new errors/* InputError */.dz('gitlabToken', 'is empty in a GitLab pipeline’s collect', `Give ${(0,option_refs/* ref */.KR)('gitlabToken')}: a project access token with the api scope, kept in a masked CI/CD variable GITLAB_TOKEN`);
    return { ...gitlabProjectOf(env), token };
}

;// CONCATENATED MODULE: ./src/core/deploy/collect-bitbucket.ts
/**
 * Bitbucket's side of a collect (collect-source.ts), over what a Bitbucket
 * step reported later leaves: a build status `INPROGRESS` per deployment
 * and the step's Code Insights report `PENDING`, each deployment's
 * annotation carrying its facts sealed under the API key (report.ts). It
 * reads the reports of ours on the source commits of the repository's open
 * pull requests; each pending deployment whose run ended is collected, and
 * its report goes to the Bitbucket reporter (bitbucket/collected.ts), which
 * completes its status and writes the report again. A report someone else
 * wrote under our id carries no facts sealed under the key: it decides
 * nothing and is never written over. Requests are held to the budget.
 */
















/** A deployment's own annotation: its external id is its status key. */
const DEPLOYMENT_ANNOTATION = new RegExp(`^${KEY_PREFIX}[0-9a-f]{20}$`);
/** The collect's Bitbucket: refused before any request where it cannot look. */
function bitbucketSource(run) {
    const { settings, hooks } = run;
    const env = hooks.env ?? {};
    const { token, workspace, repoSlug } = collect_bitbucket_whereToCollect(settings, env);
    const budget = new Budget(settings.values.collectMaxRequests ?? 300);
    const client = createBitbucketClient({
        auth: { token },
        apiUrl: plan_apiUrlOf(settings, false),
        workspace,
        repoSlug,
        limits: {
            signal: hooks.signal ?? new AbortController().signal,
            deadline: () => undefined,
            beforeRequest: () => budget.check(client)
        }
    });
    const bitbucket = {
        client,
        budget,
        seal: sealOf(settings.apiKey),
        commits: `https://bitbucket.org/${encodeURIComponent(workspace)}/${encodeURIComponent(repoSlug)}/commits/`,
        origins: linkOrigins(settings.baseUrl, 'https://bitbucket.org'),
        reports: []
    };
    const source = {
        requestCount: () => client.requestCount(),
        places: turn => stopping(async () => rotated([...new Set(await client.openPullRequestCommits())], turn)),
        look: commit => stopping(() => collect_bitbucket_lookAt(bitbucket, commit)),
        failure: api_errors/* hostFailure */.tB
    };
    // A different pull request first in each collect: none waits behind others a budget never gets past.
    const turn = Number(env.BITBUCKET_BUILD_NUMBER) || Math.floor(shared_clock/* clock */.pm.now() / 60_000);
    return { source, bitbucket, turn };
}
/**
 * The reports of ours on one commit, each a step: one whose deployments'
 * facts are not its whole step, sealed under the key for this very report,
 * decides nothing; a pending deployment whose status shows another run now
 * is left as it is.
 */
async function collect_bitbucket_lookAt(bitbucket, commit) {
    const reports = await bitbucket.client.listReports(commit);
    const waiting = [];
    const refused = [];
    for (const found of reports) {
        // Every report of ours, whatever its result says: a result someone wrote over ours hides no pending deployment.
        if (!found.id.startsWith(KEY_PREFIX))
            continue;
        const what = `The report ${(0,shared_text/* quote */.hD)(found.id)} on commit ${commit.slice(0, 12)}`;
        const annotations = (await bitbucket.client.listAnnotations(commit, found.id)).filter(a => DEPLOYMENT_ANNOTATION.test(String(a.external_id ?? '')));
        const read = new Map(annotations.map(a => [String(a.external_id), typeof a.details === 'string' ? a.details : '']));
        const step = collect_bitbucket_stepOf(read, bitbucket, found.id, commit);
        if (step === undefined)
            continue;
        if ('problem' in step) {
            refused.push({ what, problem: step.problem });
            continue;
        }
        const report = { commit: step[0].status.sha, reportId: found.id, step, read };
        for (const [row, facts] of step.entries()) {
            if (!isPending(facts.deployment))
                continue;
            const context = {
                origins: bitbucket.origins,
                pipelineUrl: facts.workflowRunUrl,
                commitUrl: `${bitbucket.commits}${encodeURIComponent(report.commit)}`,
                commit: report.commit
            };
            if (await showsRun(bitbucket, report.commit, facts.status.key, facts, context))
                waiting.push(waitingInStep({ ...bitbucket, steps: bitbucket.reports }, report, row, `${what}: ${(0,shared_text/* quote */.hD)(facts.deployment.name)}`));
            else
                refused.push({
                    what: `${what}: ${(0,shared_text/* quote */.hD)(facts.deployment.name)}`,
                    problem: 'its build status shows another run now (a later deploy wrote it, or someone else), so it is left as it is'
                });
        }
    }
    return { waiting, refused };
}
/**
 * Pure: the step a report's deployments' annotations carry, in its order:
 * each sealed under the key, for this report and commit, under its own
 * status key, and all of them the whole step its digest names (a sibling
 * removed, or one copied from elsewhere, and it decides nothing); undefined
 * for a report that carries no facts.
 */
function collect_bitbucket_stepOf(read, bitbucket, id, commit) {
    const facts = [...read].map(([key, details]) => ({
        key,
        facts: readFactsLine(details, bitbucket.seal)
    }));
    const carried = facts.filter(f => f.facts !== undefined);
    if (carried.length === 0)
        return undefined;
    const problems = carried.flatMap(f => ('problem' in f.facts ? [f.facts.problem] : []));
    if (problems.length > 0)
        return { problem: [...new Set(problems)].join('; ') };
    const step = carried.map(f => ({ key: f.key, facts: f.facts }));
    const [first] = step;
    const place = first.facts.status;
    const sorted = [...step].sort((a, b) => (a.facts.status?.index ?? 0) - (b.facts.status?.index ?? 0));
    const whole = place?.sha !== undefined &&
        place.sha.startsWith(commit) &&
        step.every(({ key, facts }) => facts.status?.key === key &&
            facts.status.report === id &&
            facts.status.sha === place.sha &&
            facts.status.step === place.step) &&
        sorted.every(({ facts }, index) => facts.status?.index === index) &&
        stepDigest(sorted.map(({ facts }) => facts.deployment)) === place.step;
    if (!whole)
        return {
            problem: 'its deployments’ facts are not the whole step sealed for this report and commit (one removed, or copied from another report, commit or step)'
        };
    return sorted.map(({ facts }) => facts);
}
/**
 * The repository and the token a collect on Bitbucket works with, checked
 * before any request: a pipeline of the repository's own (a schedule, a
 * custom pipeline), never a pull request's, whose configuration the pull
 * request can change.
 */
function collect_bitbucket_whereToCollect(settings, env) {
    if (env.BITBUCKET_PR_ID)
        throw new errors/* InputError */.dz('collect', 'is true in a pull request’s pipeline: a collect completes the statuses and reports of every open pull request, so it belongs to a scheduled pipeline of the main branch, never to one a pull request can change', 'Collect in a scheduled pipeline (Repository settings, Pipelines, Schedules: a custom pipeline every hour)');
    const token = settings.values.bitbucketToken;
    if (!token)
        throw new errors/* InputError */.dz('bitbucketToken', 'is empty in a Bitbucket collect: Pipelines’ authentication proxy does not list pull requests', `Give ${(0,option_refs/* ref */.KR)('bitbucketToken')}: a repository access token with the repository:write and pullrequest scopes, kept in a secured repository variable BITBUCKET_ACCESS_TOKEN`);
    return { token, ...repositoryOf(env, 'collect') };
}

// EXTERNAL MODULE: ./src/core/shared/version.ts
var version = __nccwpck_require__(3113);
;// CONCATENATED MODULE: ./src/core/service/v0/answers.ts
/**
 * The one module that reads the service's answers: the signed upload, the
 * deploy answer, the verdict and error bodies. Each is read tolerantly (a
 * field missing, renamed or of another type is left out, never fatal), and
 * every value that becomes an output or a log line is checked as strictly as
 * the same value from the user.
 */






/** The service's words as one plain line with no credential in it, cut before they are read (OUTSIDE_TEXT_MAX). */
function serviceWords(value) {
    return (0,shared_text/* oneLine */.TN)((0,redact/* redactShapes */.YA)((0,shared_text/* bounded */.Mm)(value)));
}
/**
 * A text field of an answer, cut to what a report can show where it comes in:
 * nothing after (a match, the redaction, a formatter) reads more of it.
 */
function answerText(value) {
    const text = asText(value);
    return text === undefined ? undefined : (0,shared_text/* bounded */.Mm)(text);
}
function serviceWordsOrNone(value) {
    return value === undefined ? undefined : serviceWords(value) || undefined;
}
// ---------------------------------------------------------------- signed upload
const SIGNED_URL_ENDPOINT = 'The signed-URL endpoint';
/** Parses the body of a 200 from the signed-URL endpoint; tolerant of extra and renamed fields, strict on the values it uses. */
function parseSignedUpload(body) {
    const json = parseObject(body, SIGNED_URL_ENDPOINT);
    const playground = asText(json.playgroundFileLocation) ?? asText(json.interactiveRunFileLocation);
    const fileLocation = asText(json.fileLocation) ?? '';
    const signedUrl = asText(json.signedUrl) ?? asText(json.uploadUrl);
    if (!playground) {
        throw new errors/* ResponseError */.o3(`${SIGNED_URL_ENDPOINT} answered without playgroundFileLocation (or interactiveRunFileLocation). Check that ${(0,option_refs/* ref */.KR)('baseUrl')} points at the service; contact support if it persists.`);
    }
    for (const [name, value] of [
        ['playgroundFileLocation', playground],
        ['fileLocation', fileLocation]
    ]) {
        const problem = (0,name_rules/* answeredPathProblem */._q)(value);
        if (problem)
            throw new errors/* ResponseError */.o3(`${SIGNED_URL_ENDPOINT} answered with a ${name} that ${problem}, so nothing was uploaded. Contact support.`);
    }
    if (!signedUrl) {
        throw new errors/* ResponseError */.o3(`${SIGNED_URL_ENDPOINT} answered without signedUrl. Check that ${(0,option_refs/* ref */.KR)('baseUrl')} points at the service; contact support if it persists.`);
    }
    let url;
    try {
        url = new URL(signedUrl);
    }
    catch {
        url = undefined;
    }
    if (!url ||
        !(url.protocol === 'https:' || (url.protocol === 'http:' && (0,name_rules/* isLoopback */.U9)(url.hostname))))
        throw new errors/* ResponseError */.o3(`${SIGNED_URL_ENDPOINT} answered with a signedUrl that is not an https URL (${url ? url.protocol : 'unparsable'}), so the build was not sent. Contact support.`);
    return { fileLocation, playgroundFileLocation: playground, signedUrl };
}
function classify(r) {
    const outcome = answerText(r.outcome);
    const created = (0,name_rules/* safeId */.nZ)(r.created_suite_id);
    const duplicate = (0,name_rules/* safeId */.nZ)(r.duplicate_suite_id);
    const failure = [
        answerText(r.failure_code),
        answerText(r.failure_message),
        answerText(r.failure_reason)
    ]
        .filter(isString)
        .filter((part, i, all) => all.indexOf(part) === i);
    const failed = () => ({
        kind: 'failed',
        detail: serviceWords(failure.join(': ')),
        billing: failure.some(part => /billing/i.test(part))
    });
    if (outcome === 'failed')
        return failed();
    if (outcome === 'skipped')
        return { kind: 'skipped', detail: serviceWordsOrNone(answerText(r.skip_reason)) };
    if (outcome === 'created')
        return { kind: 'created', runId: created ?? duplicate, duplicate: !created && !!duplicate };
    // No outcome (or one this client does not know): the published client's order.
    if (failure.length > 0)
        return failed();
    if (duplicate)
        return { kind: 'created', runId: duplicate, duplicate: true };
    if (created)
        return { kind: 'created', runId: created, duplicate: false };
    return { kind: 'none', outcome };
}
/** Parses the body of a 200 from the deploy webhook, in the documented shape (Part 2) or the one the published client reads (Part 3). */
function parseDeployAnswer(body) {
    const json = parseObject(body, 'The deploy webhook');
    const results = Array.isArray(json.results) ? json.results.map(asObject) : [];
    const entries = results.map(classify);
    const environment = readEnvironment(json.environment);
    const created = entries.filter(e => e.kind === 'created');
    const runIds = created.map(e => e.runId).filter(isString);
    const common = {
        warning: serviceWordsOrNone(answerText(json.warning)),
        deploymentId: (0,name_rules/* safeId */.nZ)(json.deployment_id),
        environment: environment.name,
        environmentId: environment.id ?? results.map(r => (0,name_rules/* safeId */.nZ)(r.environment_id)).find(isString) ?? undefined,
        runIds,
        runId: '',
        duplicate: false,
        preview: false
    };
    if (created.length > 0) {
        const first = created[0];
        return { ...common, outcome: 'success', runId: runIds[0] ?? '', duplicate: first.duplicate };
    }
    if (results.length === 0 &&
        environment.isStatic === false &&
        json.skipped_deployment === undefined)
        return { ...common, outcome: 'success', preview: true };
    return { ...common, outcome: 'failed', ...noRun(json, entries, environment) };
}
/** `environment` as the documented string or the published client's `{id, alias, isStatic}`. */
function readEnvironment(value) {
    if (typeof value === 'string')
        return { name: serviceWordsOrNone(answerText(value)) };
    const object = asObject(value);
    return {
        name: serviceWordsOrNone(answerText(object.alias) ?? answerText(object.name)),
        id: (0,name_rules/* safeId */.nZ)(object.id),
        isStatic: typeof object.isStatic === 'boolean' ? object.isStatic : undefined
    };
}
/** Why a deployment created no run, from the most specific part of the answer. */
function noRun(json, entries, environment) {
    if (json.skipped_deployment !== undefined) {
        const skipped = asObject(json.skipped_deployment);
        const words = [answerText(skipped.message), answerText(skipped.reason)].filter(isString);
        return {
            cause: 'skipped-deployment',
            reason: `the service skipped the deployment${words.length ? `: ${serviceWords(words.join(' — '))}` : ''}`
        };
    }
    const failed = entries.filter(e => e.kind === 'failed');
    if (failed.length > 0) {
        return {
            cause: failed.some(e => e.billing) ? 'billing' : 'trigger-failed',
            reason: failed.map(e => `a trigger failed${e.detail ? ` (${e.detail})` : ''}`).join('; ')
        };
    }
    const parts = entries.map(e => e.kind === 'skipped'
        ? `a trigger was skipped${e.detail ? ` (${e.detail})` : ''}`
        : e.kind === 'none' && e.outcome
            ? `a trigger answered ${JSON.stringify(serviceWords(e.outcome))}`
            : undefined);
    const details = parts.filter(isString).join('; ');
    // The published client's reading of results without any environment.
    if (entries.length > 0 && !environment.name && !environment.id) {
        return {
            cause: 'no-environment',
            reason: `no environment matched this deployment${details ? ` (${details})` : ''}`
        };
    }
    if (entries.some(e => e.kind === 'skipped'))
        return { cause: 'trigger-skipped', reason: details };
    return { cause: 'no-trigger', reason: details || 'no trigger matched this deployment' };
}
// ---------------------------------------------------------------- errors
/**
 * A short, printable description of an error body: JSON `error`,
 * `failureCode`/`failureMessage` or `message`; an XML store error's Code and
 * Message; an HTML page's title; else the start of the text.
 */
function describeErrorBody(body) {
    const trimmed = body.trim();
    if (!trimmed)
        return '';
    let parsed;
    try {
        parsed = JSON.parse(trimmed);
    }
    catch {
        parsed = undefined;
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const json = parsed;
        const code = answerText(json.failureCode) ?? answerText(json.code) ?? answerText(asObject(json.error).code);
        const message = answerText(json.failureMessage) ??
            answerText(json.error) ??
            answerText(json.message) ??
            answerText(asObject(json.error).message);
        const joined = [code, message].filter(isString).join(': ');
        if (joined)
            return serviceWords(joined);
    }
    const xmlCode = /<Code>([^<]*)<\/Code>/i.exec(trimmed)?.[1];
    if (xmlCode) {
        const xmlMessage = /<Message>([^<]*)<\/Message>/i.exec(trimmed)?.[1];
        return serviceWords(xmlMessage ? `${xmlCode}: ${xmlMessage}` : xmlCode);
    }
    // `[^<>]`, not `[^>]`: a run of `<title` with no `>` is then read once, not once per `<title`.
    const title = /<title[^<>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1];
    if (title)
        return serviceWords(`an HTML page titled "${title.trim()}"`);
    if (/^</.test(trimmed))
        return 'an HTML or XML page';
    return serviceWords(trimmed);
}
/** The `eventId` an error body carries for support (spec Part 3), when it has a usable one. */
function eventIdOf(body) {
    try {
        return (0,name_rules/* safeId */.nZ)(asObject(JSON.parse(body)).eventId);
    }
    catch {
        return undefined;
    }
}
function parseObject(body, source) {
    let parsed;
    try {
        parsed = JSON.parse(body);
    }
    catch {
        const what = describeErrorBody(body);
        throw new errors/* ResponseError */.o3(`${source} answered 200 with a body that is not JSON${what ? ` (${what})` : ''}. Check that ${(0,option_refs/* ref */.KR)('baseUrl')} points at the service, not at a proxy or a web page.`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new errors/* ResponseError */.o3(`${source} answered 200 with JSON that is not an object. Contact support if it persists.`);
    }
    return parsed;
}
function isString(value) {
    return value !== undefined;
}

;// CONCATENATED MODULE: ./src/core/service/v0/greenlight.ts
/** The verdict endpoint's answers and the end of an environment's, read tolerantly into the domain's terms. */



// ---------------------------------------------------------------- verdict
const STAGES = ['initializing', 'underReview', 'completed', 'canceled'];
const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'unprioritized'];
const MAX_BUGS = 500;
/** Parses the body of a 200 from the verdict endpoint. */
function parseGreenlightAnswer(body) {
    const json = parseObject(body, 'The verdict endpoint');
    const stage = STAGES.find(s => s === json.runStage);
    return {
        stage,
        greenlight: json.greenlight === true,
        rootRunId: (0,name_rules/* safeId */.nZ)(json.rootRunId),
        relevantRunId: (0,name_rules/* safeId */.nZ)(json.relevantRunId),
        runUrl: (0,name_rules/* httpUrl */.q3)(json.relevantRunUrl) ?? (0,name_rules/* httpUrl */.q3)(json.rootRunUrl),
        bugsUrl: (0,name_rules/* httpUrl */.q3)(json.relevantRunWithBugsUrl),
        workflows: count(json.workflowsInRunCount),
        underInvestigation: count(json.workflowsUnderInvestigationCount),
        autoRetrying: count(json.workflowsAutoRetryingCount),
        blockingBugsCount: count(json.blockingBugsCount),
        nonBlockingBugsCount: count(json.nonBlockingBugsCount),
        bugs: bugsOf(json.reproducedBugs),
        otherBlockingBugs: bugsOf(json.otherBlockingBugsInEnvironment)
    };
}
function bugsOf(value) {
    if (!Array.isArray(value))
        return [];
    return value
        .slice(0, MAX_BUGS)
        .map(asObject)
        .flatMap(raw => {
        const name = serviceWords(answerText(raw.name) ?? '');
        if (!name)
            return [];
        const priority = PRIORITIES.find(p => p === raw.priority) ?? 'unprioritized';
        const bug = {
            name,
            number: count(raw.number),
            priority,
            // As the service decides when it does not say: high, urgent or unset priority blocks.
            blocking: typeof raw.isBlocking === 'boolean'
                ? raw.isBlocking
                : priority === 'urgent' || priority === 'high' || priority === 'unprioritized',
            new: raw.isNew === true,
            url: (0,name_rules/* httpUrl */.q3)(raw.applicationUrl) ?? (0,name_rules/* httpUrl */.q3)(asObject(raw.externalIssue).applicationUrl)
        };
        return [bug];
    });
}
function count(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
// ---------------------------------------------------------------- terminate
/** Parses the 200 of the environment_terminated webhook; the status says it all, the body only names the environment. */
function parseTerminateAnswer(body) {
    try {
        return { environmentId: (0,name_rules/* safeId */.nZ)(asObject(JSON.parse(body)).environmentId) };
    }
    catch {
        return {};
    }
}

// EXTERNAL MODULE: ./src/core/shared/option-table.ts + 5 modules
var option_table = __nccwpck_require__(5870);
;// CONCATENATED MODULE: ./src/core/service/v0/body.ts

/**
 * Pure: the body of the deploy notification, from the option table: every
 * option that names a field is sent under it when it has a value (a Git
 * fact from the Git context, the rest from the values). `build` names the
 * run variable that carries the uploaded file's playgroundFileLocation
 * (RUN_INPUT_PATH unless the lane plugin's option says otherwise); without
 * it the variables are sent as given.
 */
function buildDeployBody({ values, git, build }) {
    const body = {};
    for (const key of option_table/* OPTION_KEYS */.XJ) {
        const { wire, git: fromGit } = option_table/* OPTIONS */.lw[key];
        if (!wire)
            continue;
        const value = fromGit ? git[key] : values[key];
        if (value === undefined || value === '' || value === false)
            continue;
        body[wire] = value;
    }
    const given = (body.variables ?? {});
    const variables = build ? { ...given, [build.variable]: build.path } : given;
    if (Object.keys(variables).length > 0)
        body.variables = variables;
    else
        delete body.variables;
    return body;
}

;// CONCATENATED MODULE: ./src/core/service/v0/statuses.ts





const REASONS = {
    400: 'Bad Request',
    401: 'Unauthorized',
    402: 'Payment Required',
    403: 'Forbidden',
    404: 'Not Found',
    408: 'Request Timeout',
    411: 'Length Required',
    413: 'Payload Too Large',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    501: 'Not Implemented',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout'
};
function answered(label, response) {
    const reason = REASONS[response.status];
    const detail = describeErrorBody(response.body);
    return `${label} answered ${response.status}${reason ? ` ${reason}` : ''}${detail ? ` (${detail})` : ''}`;
}
/** The error for a non-2xx answer of the service's own endpoints, with what to do about it. */
function serviceStatusError(label, response, 
/** The base URL the request started from: a gateway's prefix changes what a 404 says. */
baseUrl) {
    const { status } = response;
    const retryAfterMs = (0,retry/* parseRetryAfter */.mu)(response.headers['retry-after']);
    const what = answered(label, response);
    const event = eventIdOf(response.body);
    const support = event ? ` Event id ${event}: give this id to support.` : '';
    return new errors/* HttpStatusError */.F9(`${what}: ${serviceAdvice(status, response, baseUrl)}${support}`, status, retryAfterMs);
}
function serviceAdvice(status, response, baseUrl) {
    if (status === 401) {
        return `the API key is missing or invalid. Check ${(0,option_refs/* ref */.KR)('apiKey')} and the secret it reads (e.g. SERVICE_API_KEY): it must be an API key of this workspace, from Integrations, API Access.`;
    }
    if (status === 402)
        return 'billing prevents runs for this workspace. Ask the workspace owner to check its billing.';
    if (status === 403)
        return 'access is forbidden, usually because the workspace is disabled. Ask the service operator to enable it.';
    if (status === 404) {
        const prefix = baseUrl ? (0,shared_text/* withoutTrailingSlashes */.A$)(new URL(baseUrl).pathname) : '';
        const forms = `the service's origin (e.g. https://service.example.com) or a gateway's prefix in front of it (e.g. https://gw.example.com/testing), never an /api address`;
        return prefix
            ? `check ${(0,option_refs/* ref */.KR)('baseUrl')}: the service was asked under the prefix ${(0,shared_text/* quote */.hD)(prefix)} and knows no such address there. It is either ${forms}.`
            : `check ${(0,option_refs/* ref */.KR)('baseUrl')}: it must be ${forms}.`;
    }
    if (status === 429)
        return `the service is rate limiting this workspace. Send fewer requests at once, or raise ${(0,option_refs/* ref */.KR)('maxAttempts')}.`;
    if (status === 400)
        return 'the service found the request malformed. Check the options the message names; report it if they look right.';
    if (status >= 300 && status < 400) {
        const location = response.headers.location;
        const target = typeof location === 'string' ? safeLocation(location) : 'another address';
        return `the service redirects to ${target}. Set ${(0,option_refs/* ref */.KR)('baseUrl')} to the address the service really answers on.`;
    }
    if (status >= 500)
        return 'the service failed. Try again later; contact support if it persists.';
    return 'the service refused the request. Check the options; contact support if it persists.';
}
function safeLocation(location) {
    try {
        const url = new URL(location);
        return `${url.origin}${url.pathname}`;
    }
    catch {
        return 'another address';
    }
}
/** The error for a non-2xx answer of the object store to the PUT. */
function storeStatusError(label, response, signedUrl, now = Date.now()) {
    const { status } = response;
    const what = answered(label, response);
    if (status === 403 && (/expired/i.test(response.body) || signedUrlExpired(signedUrl, now))) {
        return new errors/* ExpiredUrlError */.Hm(`${what}: the signed URL expired before the upload finished.`);
    }
    const advice = status === 403
        ? 'the store did not accept the signed URL for this request (signature mismatch). A proxy that rewrites requests causes this; otherwise report it to support.'
        : status === 411 || status === 501
            ? 'the store wants a Content-Length header; a proxy may have removed it.'
            : status === 413 || /EntityTooLarge/i.test(response.body)
                ? 'the file is larger than the store takes in one upload (5 GB on S3-compatible stores).'
                : status >= 500
                    ? 'the store failed. Try again later.'
                    : 'the store refused the upload.';
    return new errors/* HttpStatusError */.F9(`${what}: ${advice}`, status, (0,retry/* parseRetryAfter */.mu)(response.headers['retry-after']));
}
/**
 * Whether a signed URL is past its expiry by its own parameters: SigV4
 * (`X-Amz-Date` + `X-Amz-Expires`), Google V4 (`X-Goog-Date` + `X-Goog-Expires`)
 * or V2 (`Expires`, epoch seconds). A store may report expiry as a signature mismatch.
 */
function signedUrlExpired(signedUrl, now = Date.now()) {
    let query;
    try {
        query = new URL(signedUrl).searchParams;
    }
    catch {
        return false;
    }
    for (const prefix of ['X-Amz', 'X-Goog']) {
        const date = parseCompactDate(query.get(`${prefix}-Date`));
        const expires = Number(query.get(`${prefix}-Expires`));
        if (date !== undefined && Number.isFinite(expires) && expires > 0)
            return now >= date + expires * 1000;
    }
    const epoch = Number(query.get('Expires'));
    return Number.isFinite(epoch) && epoch > 0 ? now >= epoch * 1000 : false;
}
/** `20261121T101500Z` in epoch milliseconds. */
function parseCompactDate(value) {
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
    return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : undefined;
}

;// CONCATENATED MODULE: ./src/core/service/v0/client.ts










const SIGNED_URL_PATH = '/api/v0/run-inputs-executables-signed-urls';
const DEPLOY_PATH = '/api/webhooks/deploy_success';

const TERMINATE_PATH = '/api/webhooks/environment_terminated';
/**
 * The most of a verdict answer that is read: generous, as it lists the run's
 * bugs with their names and links (thousands of bugs stay far under it). A
 * larger one is a problem of that ask, never of the deploy.
 */
const MAX_GREENLIGHT_ANSWER_BYTES = 8 * 1024 * 1024;
/** The service's four endpoints, each through the same request builder, status errors and retry policy. */
class ServiceClient {
    config;
    constructor(config) {
        this.config = config;
    }
    /** GET a signed upload URL for `destination` (spec 4.1); the URL is registered as a secret before anything else happens. */
    async signedUpload(destination, retry = true) {
        const request = this.request('GET', `${SIGNED_URL_PATH}?file=${encodeURIComponent(destination)}`);
        const response = retry ? await this.call(request) : await this.callOnce(request);
        const signed = parseSignedUpload(response.body);
        this.config.secrets.addSignedUrl(signed.signedUrl);
        return signed;
    }
    /** The deploy notification's body as v0 sends it. */
    notificationBody(notification) {
        return buildDeployBody(notification);
    }
    /** POST the deploy notification (spec 4.3) and read whether a run was created. */
    async notify(notification) {
        const body = this.notificationBody(notification);
        const response = await this.call(this.request('POST', DEPLOY_PATH, body));
        return parseDeployAnswer(response.body);
    }
    /**
     * One ask for a run's verdict (spec Part 3), cut at `deadline`; the caller
     * decides what an error means. A 410 says the run is too old; an answer
     * over {@link MAX_GREENLIGHT_ANSWER_BYTES} is an `OversizeAnswerError`.
     */
    async greenlight(runId, deadline) {
        const request = this.request('GET', `${GREENLIGHT_PATH}/${encodeURIComponent(runId)}`);
        try {
            const response = await this.callOnce(request, 'one ask', {
                deadline,
                maxBytes: MAX_GREENLIGHT_ANSWER_BYTES
            });
            return parseGreenlightAnswer(response.body);
        }
        catch (error) {
            if (error instanceof errors/* HttpStatusError */.F9 && error.status === 410)
                throw new errors/* HttpStatusError */.F9(`${request.label} answered 410 Gone: run ${runId} is too old for the service to report on. Deploy again for a new run.`, 410);
            throw error;
        }
    }
    /**
     * Ends a preview environment so that the service stops testing it. Resolves
     * `terminated`, or `already` for a 409 (already ended: fine for a clean-up);
     * a 404 fails with advice.
     */
    async terminate(environment) {
        const request = this.request('POST', TERMINATE_PATH, environment);
        try {
            const response = await this.call(request);
            return { state: 'terminated', ...parseTerminateAnswer(response.body) };
        }
        catch (error) {
            if (error instanceof errors/* HttpStatusError */.F9 && error.status === 409)
                return { state: 'already' };
            if (error instanceof errors/* HttpStatusError */.F9 && error.status === 404) {
                const which = Object.keys(environment)[0];
                throw new errors/* DeployError */.sH(`${request.label} answered 404 Not Found: the service knows no environment with this ${which}. Check ${(0,option_refs/* ref */.KR)(which)}: pass the environmentId of the deploy that made the environment, unchanged.`);
            }
            throw error;
        }
    }
    /** A request to one of the service's own endpoints: authorized with the key, JSON in and out. */
    request(method, path, body) {
        const url = `${this.config.baseUrl}${path}`;
        return {
            method,
            url,
            headers: {
                authorization: `Bearer ${this.config.apiKey}`,
                accept: 'application/json',
                ...(body === undefined ? {} : { 'content-type': 'application/json' })
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            label: (0,send/* labelOf */.Wy)(method, url)
        };
    }
    /** One call under the retry policy. */
    call(request) {
        const { policy, log } = this.config;
        return (0,retry/* withRetry */.bD)(policy, ({ number }) => this.callOnce(request, `attempt ${number} of ${policy.maxAttempts}`), (error, attempt, delayMs) => (0,retry/* logRetry */.zD)(log, error, attempt, policy.maxAttempts, delayMs));
    }
    /** One request, cut after the request time limit (or `deadline`); a non-2xx answer becomes an error that says what to do. */
    async callOnce(request, which = 'single attempt', { deadline, maxBytes } = {}) {
        const { log, transport, policy } = this.config;
        log.debug(`${request.label} (${which})`);
        const response = await (0,send/* send */.tN)(request, transport, {
            signal: policy.signal,
            deadline: Math.min(deadline ?? Infinity, shared_clock/* clock */.pm.now() + transport.timeouts.requestMs),
            maxBytes
        }).catch((error) => {
            // Nothing listens at that address, or the name is unknown: most often a wrong base URL.
            if (error instanceof errors/* NetworkError */.Dr && /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(error.message))
                throw new errors/* NetworkError */.Dr(`${error.message}. Check that ${(0,option_refs/* ref */.KR)('baseUrl')} is the service's address`);
            throw error;
        });
        log.debug(`${request.label} answered ${response.status}`);
        if (response.status < 200 || response.status >= 300)
            throw serviceStatusError(request.label, response, this.config.baseUrl);
        return response;
    }
}

;// CONCATENATED MODULE: ./src/core/service/connect.ts

/** The service as this version of the product speaks to it: v0. */
function connectService(config) {
    return new ServiceClient(config);
}

;// CONCATENATED MODULE: ./src/core/deploy/session.ts







/**
 * What every step of one deployment shares: the settings, the limits, the
 * way out (log, redaction), its facts as they stand and the service's
 * client. Steps read it and return what they learned; the orchestrator
 * alone writes the facts.
 */
class DeploySession {
    settings;
    limits;
    output;
    hooks;
    deployment;
    log;
    emitEvent;
    constructor(settings, limits, output, hooks, 
    /** The deployment's facts, for its warnings (the orchestrator writes the rest). */
    deployment, 
    /** Where this deployment tells what it does: with several, each line names its build. */
    log, 
    /** Tells every reporter an event of this deployment. */
    emitEvent) {
        this.settings = settings;
        this.limits = limits;
        this.output = output;
        this.hooks = hooks;
        this.deployment = deployment;
        this.log = log;
        this.emitEvent = emitEvent;
    }
    /** A text from outside (a name, a link), redacted. */
    value(text) {
        return this.output.value(text);
    }
    /** A warning worth a look: in the log and in the deployment's warnings, rendered and redacted once. */
    warn(text, title) {
        const warning = this.output.text(text);
        this.deployment.warnings.push(warning);
        this.log.warning(warning, title);
    }
    /** A log group for one phase, closed with how long the phase took. */
    async phase(name, work) {
        const started = shared_clock/* clock */.pm.now();
        return this.log.group(name, async () => {
            try {
                return await work();
            }
            finally {
                this.log.info(`Took ${(0,format/* formatDuration */.a3)((shared_clock/* clock */.pm.now() - started) / 1000)}.`);
            }
        });
    }
    /** The service's client, its retries bounded by `deadline` and stopped by `signal`. */
    service(signal, deadline) {
        return serviceOf(this, signal, deadline);
    }
    delivery;
    /**
     * Runs a request of the delivery (the upload, the notification, the end of
     * an environment) within the delivery's one time limit, started by the
     * first; a wait has its own. The limit aborts whatever is under way, with a
     * message saying so.
     */
    async withinDelivery(work) {
        this.delivery ??= this.startDelivery();
        return work(this.delivery.service);
    }
    /** The delivery is over: its time limit stops. */
    endDelivery() {
        if (this.delivery)
            clearTimeout(this.delivery.timer);
    }
    startDelivery() {
        const { deliveryMs } = this.limits;
        const limit = new AbortController();
        const timer = setTimeout(() => limit.abort(new errors/* AbortedError */.oM(`The upload and notification reached their time limit of ${(0,format/* formatMinutes */.dp)(deliveryMs / 60_000)} and stopped. Set ${LIMIT_VARIABLES.delivery} to allow more.`)), deliveryMs);
        // The limit never keeps the process alive by itself.
        timer.unref();
        const signal = this.hooks.signal
            ? AbortSignal.any([this.hooks.signal, limit.signal])
            : limit.signal;
        return { service: this.service(signal, shared_clock/* clock */.pm.now() + deliveryMs), timer };
    }
}
/**
 * The service's client of a step, built in this one place for every mode
 * (the deploy's requests, a wait, a collect's asks): the settings'
 * connection and retry policy, the limits' transport, its retries bounded
 * by `deadline` and stopped by `signal`, its lines in `log`.
 */
function serviceOf(step, signal, deadline) {
    const { settings, limits } = step;
    return connectService({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        policy: {
            maxAttempts: settings.maxAttempts,
            baseDelayMs: retry/* DEFAULT_BASE_DELAY_MS */.pH,
            maxDelayMs: retry/* MAX_RETRY_DELAY_MS */.pQ,
            deadline,
            signal
        },
        transport: { timeouts: limits.timeouts, userAgent: (0,version/* userAgent */.N1)(step.hooks.frontEnd) },
        log: step.log,
        secrets: step.output.secrets
    });
}

;// CONCATENATED MODULE: ./src/core/deploy/collect.ts
/**
 * The collect: a mode of the one orchestrator, whose deployments are the
 * ones reported later that it finds ended. What is its own is finding them
 * on the code host (collect-source.ts: GitHub's check runs left in progress,
 * GitLab's merge-request notes, their facts sealed under the API key) and
 * asking the service once per run; each it finds ended it claims, so that
 * no collect beside it reports it too. The rest is the deploy's road: the
 * orchestrator judges them by the one rule and hands them to every report
 * target, the host's collect reporter among them (host/collected.ts), which
 * completes each status as a waiting step would have. Requests to the host
 * are held to a budget before each one (pages and retries included).
 */










/**
 * One pass over the places where deployments reported later may be, on
 * the code host the step is given: a GitLab token (or a GitLab pipeline
 * without a GitHub token) collects on GitLab, else on GitHub.
 */
async function collectPending(run) {
    const { settings, hooks } = run;
    const host = laterHostOf(settings.values, hooks.env ?? {});
    if (host === 'bitbucket') {
        const { source, bitbucket, turn } = bitbucketSource(run);
        const facts = factsOf(source);
        const deployments = await collectFrom(run, source, facts, turn);
        return { deployments, facts, bitbucket };
    }
    if (host === 'gitlab') {
        const { source, gitlab, turn } = gitlabSource(run);
        const facts = factsOf(source);
        const deployments = await collectFrom(run, source, facts, turn);
        return { deployments, facts, gitlab };
    }
    const { source, github, turn } = await githubSource(run);
    const facts = factsOf(source);
    const deployments = inStepOrder(await collectFrom(run, source, facts, turn));
    return { deployments, facts, github };
}
function factsOf(source) {
    return {
        pending: 0,
        problems: [],
        warnings: [],
        get requests() {
            return source.requestCount();
        }
    };
}
/**
 * The pass, the same on every host: each waiting deployment is collected
 * on its own; one that cannot be (facts of another shape, a seal that does
 * not hold, a run the service answers nothing usable for) is a warning or
 * a problem of its own, and the rest go on; the token refused or the rate
 * limit ends the pass (thrown), the budget stops it early.
 */
async function collectFrom(run, source, facts, turn) {
    const found = [];
    let keyConfirmed = false;
    try {
        for (const place of await source.places(turn)) {
            if (run.hooks.signal?.aborted)
                break;
            const { waiting, refused } = await source.look(place);
            for (const { what, problem, otherKey } of refused) {
                // Sealed under another key: the service tells whether this collect's key is the one rotated in, or a wrong one.
                if (otherKey && !keyConfirmed) {
                    keyConfirmed = true;
                    await confirmKey(run, otherKey);
                }
                warn(run, facts, `${what} is not collected: ${problem}.`);
            }
            for (const one of waiting) {
                if (run.hooks.signal?.aborted)
                    break;
                try {
                    const deployment = await collectOne(run, facts, one);
                    if (deployment)
                        found.push(deployment);
                }
                catch (error) {
                    if (error instanceof BudgetSpent || run.hooks.signal?.aborted)
                        throw error;
                    const comes = source.failure(error, one.what);
                    if ('stop' in comes)
                        throw comes.stop;
                    if ('warning' in comes)
                        warn(run, facts, comes.warning);
                    else
                        problem(run, facts, comes.problem);
                }
            }
        }
    }
    catch (error) {
        if (!(error instanceof BudgetSpent))
            throw error;
        facts.stopped = error.message;
        run.output.log.notice(`The collect stopped early: ${error.message}`, 'Collect stopped early');
    }
    return found;
}
/** One waiting deployment: its run's verdict asked once; the deployment, once this collect has claimed it. */
async function collectOne(run, facts, one) {
    const deadline = shared_clock/* clock */.pm.now() + ASK_MS;
    const asked = await askVerdict(serviceFor(run, deadline), one.runId, one.since, asking(run), deadline);
    if ('pending' in asked) {
        facts.pending += one.count;
        return undefined;
    }
    return one.collected(asked.verdict);
}
/**
 * Pure: the collected deployments in the order their steps gave them, so
 * that every report lists them as the waiting step would have (GitHub lists
 * check runs newest first): each step's (one commit, one list of its
 * deployments' keys) in the order it named them, the steps as first met.
 */
function inStepOrder(deployments) {
    const steps = new Map();
    const keyed = deployments.map((deployment, found) => {
        const { sha = '', rows = [] } = deployment.collected ?? {};
        const step = `${sha}\n${rows.join('\n')}`;
        if (!steps.has(step))
            steps.set(step, steps.size);
        const at = rows.indexOf(rowKey(deployment.name));
        return { deployment, step: steps.get(step), at: at < 0 ? rows.length : at, found };
    });
    keyed.sort((a, b) => a.step - b.step || a.at - b.at || a.found - b.found);
    return keyed.map(({ deployment }) => deployment);
}
/** Asks the service about `runId` once, to tell a wrong key (its refusal, thrown) from a rotated one; nothing else it says is used. */
async function confirmKey(run, runId) {
    try {
        await askVerdict(serviceFor(run), runId, shared_clock/* clock */.pm.now(), asking(run), shared_clock/* clock */.pm.now() + ASK_MS);
    }
    catch (error) {
        if (error instanceof errors/* HttpStatusError */.F9 && (error.status === 401 || error.status === 403))
            throw error;
    }
}
/** The service's client of one ask, within ASK_MS. */
function serviceFor(run, deadline = shared_clock/* clock */.pm.now() + ASK_MS) {
    return serviceOf({ ...run, log: run.output.log }, run.hooks.signal, deadline);
}
function asking(run) {
    return { settings: run.settings, signal: run.hooks.signal, value: text => run.output.value(text) };
}
function warn(run, facts, text) {
    const warning = run.output.text(text);
    facts.warnings.push(warning);
    run.output.log.warning(warning, 'Not collected');
}
function problem(run, facts, text) {
    const said = run.output.text(text);
    facts.problems.push(said);
    run.output.log.warning(said, 'Not collected');
}
/** Whether a request asks for a collect, before its options are read: the command, or the action's input. */
function asksToCollect(command, values) {
    const given = values.collect;
    return (command === 'collect' ||
        given === true ||
        (typeof given === 'string' && given.trim().toLowerCase() === 'true'));
}
function emptyCollect() {
    return { pending: 0, problems: [], warnings: [], requests: 0 };
}

;// CONCATENATED MODULE: ./src/core/github/skipped.ts



/** A skip's check runs on GitHub. */
function githubSkipSide(write) {
    const { client, repo, sha } = write;
    return {
        what: 'check run',
        sha,
        standing: name => refusedInWords(async () => {
            const [newest] = await client.listCheckRuns(repo, sha, { name });
            return newest && standing(newest);
        }),
        writeSkipped: deployment => refusedInWords(async () => {
            const fields = checkFields(deployment, write.context, {
                completed: true,
                identity: { workflowRunId: write.workflowRunId, build: 'skip' }
            });
            await write.spacer.spaced(() => client.createCheck(repo, { name: deployment.name, head_sha: sha, ...fields }));
        })
    };
}
/** Runs a request of the skip's; GitHub's refusal of the token is told naming the permission to give. */
async function refusedInWords(request) {
    try {
        return await request();
    }
    catch (error) {
        const status = error instanceof github_errors/* GitHubError */.y_ ? error.status : 0;
        if (status === 401 || status === 403 || status === 404)
            throw new errors/* DeployError */.sH(`GitHub refused the skip's check run (${status}: ${(0,errors/* messageOf */.bD)(error).replace(/\.$/, '')}): the token needs ${github_errors/* PERMISSION */.oC.check}. Give the job permissions: ${github_errors/* PERMISSION */.oC.check} (a fork's pull request gets a read-only one).`);
        throw error;
    }
}
/** How a check run stands, in a few words: `in progress`, `completed: failure`. */
function standing(check) {
    // GitHub's own words, and only letters of them: another app wrote this check run.
    const word = (value, none) => (value ?? none)
        .replace(/[^a-z_]/g, '')
        .replace(/_/g, ' ')
        .slice(0, 20) || none;
    return check.status === 'completed'
        ? `completed: ${word(check.conclusion, 'unknown')}`
        : word(check.status, 'queued');
}

;// CONCATENATED MODULE: ./src/core/shared/naming.ts

/**
 * The destination by the service's naming convention (service spec 2.1):
 * `<prefix>-<environment><ext>` for a static environment, else
 * `<prefix>-<owner>-<repo>-pr<number><ext>` for a pull request (a GitLab
 * namespace stands for the owner, its slashes as hyphens). Returns the reason
 * when neither can be built.
 */
function conventionalDestination(parts) {
    const ext = parts.extension.toLowerCase();
    if (parts.environment)
        return { destination: `${parts.prefix}-${parts.environment}${ext}` };
    if (parts.pullRequestNumber === undefined) {
        return {
            problem: `needs either an environment or a pull request: set ${(0,option_refs/* ref */.KR)('environment')} for a static environment, or run for a pull request (or set ${(0,option_refs/* ref */.KR)('pullRequestNumber')})`
        };
    }
    if (!parts.repository) {
        return {
            problem: 'needs the repository for a pull-request name, and none is known (GITHUB_REPOSITORY on GitHub, the CI variables elsewhere)'
        };
    }
    const owner = 'owner' in parts.repository
        ? parts.repository.owner
        : parts.repository.namespace.replace(/\//g, '-');
    return {
        destination: `${parts.prefix}-${owner}-${parts.repository.name}-pr${parts.pullRequestNumber}${ext}`
    };
}

;// CONCATENATED MODULE: ./src/core/deploy/destination.ts







/** Pure: the value of a per-platform option for a build of `platform` (its own, else the one for every build). */
function forPlatform(value, platform) {
    return (platform && value?.[platform]) ?? value?.all;
}
/**
 * Pure: the value a build of `platform` takes from an option given per
 * platform; undefined when the option is not given; a build the option has
 * no value for is refused, naming the build.
 */
function valueFor(key, value, build) {
    if (value === undefined)
        return undefined;
    const own = forPlatform(value, build.platform);
    if (own !== undefined)
        return own;
    const what = build.platform
        ? `a build for ${PLATFORM_NAMES[build.platform]}`
        : `a ${build.format} file, for neither platform`;
    throw new errors/* InputError */.dz(key, `gives a value per platform, none for ${(0,shared_text/* quote */.hD)(build.name)}, which is ${what}`, `Give ${(0,option_refs/* ref */.KR)(key)} a value for it too (android:… ios:…), or deploy it in a step of its own`);
}
/** The static environment a build goes to, when the options name one for it. */
function environmentOf(settings, build) {
    return valueFor('environment', settings.values.environment, build);
}
/** The destination: given, built by the naming convention, or the artifact's own name. */
function chooseDestination(settings, artifact, build) {
    const which = { name: artifact.name, platform: build.platform, format: build.format };
    const given = valueFor('destination', settings.values.destination, which);
    if (given)
        return given;
    const prefix = valueFor('namePrefix', settings.values.namePrefix, which);
    if (prefix) {
        const named = conventionalDestination({
            prefix,
            environment: environmentOf(settings, which),
            extension: artifact.extension,
            pullRequestNumber: settings.git.pullRequestNumber ?? settings.git.mergeRequestNumber,
            repository: settings.git.repository
        });
        if ('problem' in named)
            throw new errors/* InputError */.dz('namePrefix', named.problem, `Set ${(0,option_refs/* ref */.KR)('environment')}, or ${(0,option_refs/* ref */.KR)('destination')} instead`);
        return named.destination;
    }
    const problem = (0,name_rules/* destinationProblem */.wI)(artifact.name);
    if (problem) {
        throw new errors/* InputError */.dz('file', `has a name that cannot be a destination: ${problem}`, `Set ${(0,option_refs/* ref */.KR)('destination')} to a plain name`);
    }
    return artifact.name;
}
/**
 * A pull request's build named after a static environment replaces that
 * environment's build (the service tests the latest upload of a name), so
 * every pull request would overwrite staging's: said as a warning, since a
 * workflow may mean it. Undefined when the name is the pull request's own.
 */
function pullRequestOverStaticName(settings, destination, environment) {
    const number = settings.git.pullRequestNumber ?? settings.git.mergeRequestNumber;
    if (number === undefined ||
        settings.values.destination ||
        !settings.values.namePrefix ||
        !environment)
        return undefined;
    return `The build of pull request #${number} goes to ${destination}, the static environment ${environment}'s name, and replaces its build. Leave ${(0,option_refs/* ref */.KR)('environment')} empty on pull requests: each then gets its own -pr${number} name.`;
}
/**
 * The key by which a newer deployment supersedes an older one at the
 * service: the one given, else the branch and the build's destination. The
 * service's own default (the branch and the environment) would let the iOS
 * build of a commit cancel the run of its Android build, and the later verdict
 * hide the earlier; with the destination in it, a newer deployment of the
 * same build still supersedes the older one. With several builds in one step
 * a key given is followed by each build's destination. A notification
 * without a build keeps the service's default.
 */
function deduplicationKeyOf(settings, destination) {
    const given = settings.values.deduplicationKey;
    if (!destination)
        return given;
    if (given)
        return (settings.values.file?.length ?? 0) > 1 ? `${given}/${destination}` : given;
    return [settings.git.branch, destination].filter(Boolean).join('/');
}

;// CONCATENATED MODULE: ./src/core/bitbucket/skipped.ts


/** A skip's build statuses on Bitbucket. */
function bitbucketSkipSide(client, context, secrets) {
    return {
        what: 'build status',
        sha: context.commit,
        async standing(name) {
            const found = await client.getStatus(context.commit, statusKey(name, context.lane));
            // Bitbucket's own word for a status another step wrote, and only letters of it.
            return found && (found.state.replace(/[^A-Z_]/g, '').slice(0, 20) || 'unknown');
        },
        async writeSkipped(deployment) {
            const write = report_statusWrite(deployment, { ...context, completed: true });
            const reason = deployment.skipped?.reason;
            const description = reason
                ? (0,shared_text/* oneLine */.TN)(`${write.description}: ${reason}`, MAX_STATUS_TEXT - 1)
                : write.description;
            await client.postStatus(context.commit, {
                ...write,
                state: 'STOPPED',
                name: secrets.redactValue(write.name),
                description: secrets.redact(description)
            });
        }
    };
}

;// CONCATENATED MODULE: ./src/core/gitlab/skipped.ts


/** A skip's commit statuses on GitLab. */
function gitlabSkipSide(client, plan) {
    return {
        what: 'commit status',
        sha: plan.sha,
        async standing(name) {
            const [newest] = await client.listStatuses(plan.sha, { name });
            // GitLab's own word for a status another job wrote, and only letters of it.
            return newest && (newest.status.replace(/[^a-z_]/g, '').slice(0, 20) || 'unknown');
        },
        async writeSkipped(deployment) {
            const write = statusWrite(deployment, { ...plan, completed: true });
            // The reason is what a reviewer needs of a skip; a check run shows it in its summary, a status in its one line.
            const reason = deployment.skipped?.reason;
            const description = reason
                ? (0,shared_text/* oneLine */.TN)(`${write.description ?? ''}: ${reason}`, MAX_DESCRIPTION - 1)
                : write.description;
            await client.postStatus(plan.sha, {
                ...write,
                state: 'skipped',
                description: plan.secrets.redact(description ?? '')
            });
        }
    };
}

;// CONCATENATED MODULE: ./src/core/deploy/messages.ts
/** The sentences a deploy ends with when something stopped it, and the failure facts they are told in. */



/** One line that says what went wrong: the error's own words when it was written for people, never a stack. */
function failureText(error) {
    const text = (0,errors/* messageOf */.bD)(error).replace(/\s*\n\s*/g, ' ');
    if (error instanceof errors/* DeployError */.sH)
        return text;
    return `Unexpected error: ${text}. Please report it with this log.`;
}
/** The stack of an error the product did not expect, for a debug line of a bug report. */
function unexpectedStack(error) {
    if (error instanceof errors/* DeployError */.sH || !(0,errors/* isError */.bJ)(error))
        return undefined;
    return error.stack;
}
/** What a wait stopped after its run was created says: the run goes on, and how to wait for it again. */
function stoppedWait({ runId, runUrl }, signal) {
    return `The wait for the verdict of run ${runId} was stopped${(0,shared_clock/* stopReason */.PJ)(signal)}; the run goes on at the service${runUrl ? ` (${runUrl})` : ''}. Wait for its verdict again with ${(0,option_refs/* setting */.Pe)('runId', runId)}.`;
}
/** What stopped the deploy, ready to leave the process; an unexpected error's stack goes to the debug log. */
function failureOf(error, output, signal) {
    const stack = unexpectedStack(error);
    if (stack)
        output.log.debug(stack);
    // The caller's stop explains whatever it cut short, whatever error that left.
    const interrupted = signal?.aborted === true;
    return {
        message: output.text(failureText(error)),
        usage: error instanceof errors/* InputError */.dz,
        option: error instanceof errors/* InputError */.dz ? error.option : undefined,
        aborted: interrupted || error instanceof errors/* AbortedError */.oM,
        interrupted,
        unexpected: stack === undefined ? undefined : { stack: output.text(stack) }
    };
}
/** What stopped a collect once it looked: the next collect tries again, and nothing else was written. */
function collectFailureOf(failure) {
    return failure.usage || failure.interrupted
        ? failure
        : {
            ...failure,
            message: `Collecting stopped: ${failure.message} Nothing else was written; the next collect tries again.`
        };
}

;// CONCATENATED MODULE: ./src/core/deploy/skip.ts
/**
 * A skip: nothing is deployed, and a required check still resolves. Its
 * deployments are the ones a deploy with the same options would make, named
 * as that deploy names them (report/identity.ts) from the app ids it
 * expects, no build read; each is shown on the commit as a completed check
 * run concluded skipped, with the workflow's reason, unless a check run of
 * its name is there already: a skip never stands over a verdict, or over a
 * deploy still under way. Nothing is sent to the service.
 */






















/** How long a skip's reads and writes of the code host may take, all of them. */
const SKIP_MS = 60_000;
/**
 * Pure: the deployments one deploy step with these options would make: one
 * per platform `expectedAppId` names (only `platform`'s, when given), else
 * the one app of `expectedAppId` and `platform`, else (with a check-name)
 * the one the name alone makes. A name that needs a build's platform or app
 * id and has neither is refused: a check run of another name resolves no
 * required check. Names a deploy tells apart by its builds' files (an APK
 * beside its AAB) are not a skip's: such deploys give each a check-name.
 */
function skippedDeployments(settings, startedAt) {
    const { checkName, environment, deploymentType } = settings.values;
    const apps = appsOf(settings);
    const reason = settings.values.skipReason ?? '';
    return apps.map(app => ({
        name: joinName(nameOf({ checkName, environment: forPlatform(environment, app.platform), deploymentType }, app, apps.length > 1)),
        startedAt,
        mode: 'skip',
        outcome: 'skipped',
        failOnNoRun: false,
        warnings: [],
        git: settings.git,
        skipped: { reason }
    }));
}
/** Pure: the apps the deploy's names would say, by the rule above; what cannot say one refused. */
function appsOf(settings) {
    const { expectedAppId, platform, checkName } = settings.values;
    const unnamed = checkName === undefined;
    if (checkName !== undefined && checkName.length > MAX_CHECK_NAME)
        throw new errors/* InputError */.dz('checkName', `is ${checkName.length} characters long, more than the ${MAX_CHECK_NAME} a deploy takes`, 'Give the check name the deploy has');
    if (expectedAppId?.android !== undefined || expectedAppId?.ios !== undefined) {
        const apps = option_spec/* PLATFORMS */.P4.filter(each => expectedAppId[each] && (!platform || each === platform));
        if (apps.length === 0)
            throw new errors/* InputError */.dz('platform', `is ${platform}, and ${(0,option_refs/* ref */.KR)('expectedAppId')} gives no app id for it`, `Give ${(0,option_refs/* ref */.KR)('expectedAppId')} an id for ${platform} (${platform}:…), as the deploy does`);
        return apps.map(each => ({ platform: each, appId: expectedAppId[each] }));
    }
    if (expectedAppId?.all && platform)
        return [{ platform, appId: expectedAppId.all }];
    if (unnamed && expectedAppId?.all)
        throw new errors/* InputError */.dz('expectedAppId', 'names one app id for every build, and a deploy names its check run after the platform it reads from the build, which a skip does not have', `Give the id per platform (android:${expectedAppId.all} or ios:${expectedAppId.all}), or ${(0,option_refs/* ref */.KR)('platform')} too${(0,option_refs/* whereOffered */.pn)('checkName', ", or the deploy's ")}`);
    if (unnamed)
        throw new errors/* InputError */.dz('expectedAppId', `is empty, and a deploy names each build's check run after the app id it reads from the build`, `Give ${(0,option_refs/* ref */.KR)('expectedAppId')} as the deploy does (${platform ?? 'android'}:<app id>, one per platform for a step of both)${(0,option_refs/* whereOffered */.pn)('checkName', ", or the deploy's ")}`);
    return [{ platform: undefined }];
}
/** Where a skip writes, or the refusal, before any request, of what it cannot write without. */
function skipTarget(settings, repo) {
    const token = settings.values.githubToken;
    const { sha } = settings.git;
    const why = `${(0,option_refs/* setting */.Pe)('skip', 'true')} writes its check runs`;
    if (!token)
        throw new errors/* InputError */.dz('githubToken', `is empty, and ${why} with it`, `Give ${(0,option_refs/* ref */.KR)('githubToken')}: a token that may write checks (the workflow's GITHUB_TOKEN with permissions: checks: write)`);
    if (!repo)
        throw new errors/* InputError */.dz('githubRepository', `is empty, and ${why} there`, `Give ${(0,option_refs/* ref */.KR)('githubRepository')} as owner/name`);
    if (!sha)
        throw new errors/* InputError */.dz('sha', `is unknown, and ${why} on that commit`, `Pass ${(0,option_refs/* ref */.KR)('sha')}`);
    return { token, repo, sha };
}
/**
 * The skip's check runs, each deployment's by itself: written, or left where
 * one of its name is there already (a notice says so); a write GitHub
 * refuses fails that deployment, naming the permission.
 */
async function skipChecks(settings, deployments, output, hooks) {
    if (settings.values.gitlabToken)
        return skipStatuses(settings, deployments, output, hooks);
    if (settings.values.bitbucketToken)
        return skipBuildStatuses(settings, deployments, output, hooks);
    const env = hooks.env ?? {};
    if (laterHostOf(settings.values, env) === 'bitbucket')
        throw new errors/* InputError */.dz('bitbucketToken', 'is empty, and a skip in Bitbucket Pipelines writes its build statuses on Bitbucket, which Pipelines’ proxy may not sign', `Give ${(0,option_refs/* ref */.KR)('bitbucketToken')}: a repository access token with the repository:write and pullrequest scopes, kept in a secured repository variable BITBUCKET_ACCESS_TOKEN`);
    const { token, repo, sha } = skipTarget(settings, githubRepoOf(settings, env));
    const apiUrl = apiUrlOf(env);
    await briefly({ token, apiUrl }, loadClient, hooks.signal, SKIP_MS, async (client) => {
        const write = {
            client,
            repo,
            sha,
            spacer: new Spacer(hooks.signal),
            context: {
                workflowRunUrl: workflowRunUrlOf(env),
                step: stepOf(deployments),
                origins: linkOrigins(settings.baseUrl, env.GITHUB_SERVER_URL)
            },
            workflowRunId: env.GITHUB_RUN_ID || undefined
        };
        await skipEach(deployments, githubSkipSide(write), output, hooks);
    });
}
/**
 * Each of a skip's deployments by itself, on any code host's side: where a
 * status of its name is already on the commit, nothing is written and a
 * notice says how that one stands; else its status is written skipped. A
 * write refused fails that deployment alone.
 */
async function skipEach(deployments, side, output, hooks) {
    const commit = side.sha.slice(0, 12);
    const What = `${side.what[0].toUpperCase()}${side.what.slice(1)}`;
    for (const deployment of deployments) {
        const name = (0,shared_text/* quote */.hD)(deployment.name, 200);
        try {
            const standing = await side.standing(deployment.name);
            if (standing) {
                deployment.skipped = { reason: deployment.skipped?.reason ?? '', standing };
                output.log.notice(`A ${side.what} named ${name} is already on commit ${commit} (${standing}): the skip wrote nothing over it.`, `${What} left as it is`);
                continue;
            }
            await side.writeSkipped(deployment);
        }
        catch (error) {
            deployment.failure = failureOf(error, output, hooks.signal);
            deployment.outcome = 'aborted';
            continue;
        }
        output.log.info(`${What} ${name} ${side.what === 'check run' ? 'completed' : 'written'} as skipped on commit ${commit}.`);
    }
}
/**
 * The skip's commit statuses on GitLab, each deployment's by itself: written
 * `skipped`, or left where one of its name is there already (a notice says
 * so); a write GitLab refuses fails that deployment, naming the token.
 */
async function skipStatuses(settings, deployments, output, hooks) {
    const plan = gitlabPlanOf(settings, output.secrets, hooks.env ?? {});
    const stop = AbortSignal.timeout(SKIP_MS);
    const deadline = shared_clock/* clock */.pm.now() + SKIP_MS;
    const client = await loadGitLab(plan, {
        signal: hooks.signal ? AbortSignal.any([hooks.signal, stop]) : stop,
        deadline: () => deadline
    });
    await skipEach(deployments, gitlabSkipSide(client, plan), output, hooks);
}
/**
 * The skip's build statuses on Bitbucket, each deployment's by itself:
 * written `STOPPED` under the key a deploy would give it, or left where one
 * of that key is there already (a notice says so); a write Bitbucket
 * refuses fails that deployment, naming the token.
 */
async function skipBuildStatuses(settings, deployments, output, hooks) {
    const env = hooks.env ?? {};
    const commit = env.BITBUCKET_COMMIT || settings.git.sha || '';
    const { workspace, repoSlug } = repositoryOf(env, commit);
    const stop = AbortSignal.timeout(SKIP_MS);
    const deadline = shared_clock/* clock */.pm.now() + SKIP_MS;
    const apiUrl = plan_apiUrlOf(settings, false);
    const client = createBitbucketClient({
        auth: { token: settings.values.bitbucketToken },
        apiUrl,
        workspace,
        repoSlug,
        limits: {
            signal: hooks.signal ? AbortSignal.any([hooks.signal, stop]) : stop,
            deadline: () => deadline
        }
    });
    const context = reportContextOf({
        auth: { token: '' },
        apiUrl,
        workspace,
        repoSlug,
        commit,
        statuses: true,
        refname: env.BITBUCKET_BRANCH || undefined,
        lane: laneOf(env),
        secrets: output.secrets,
        origins: linkOrigins(settings.baseUrl, 'https://bitbucket.org')
    });
    await skipEach(deployments, bitbucketSkipSide(client, context, output.secrets), output, hooks);
}

;// CONCATENATED MODULE: ./src/core/deploy/report-context.ts







/** The longest a report's request may take with its retries: the step is never held longer for it. */
const REPORT_MS = 30_000;
/** The step's context for its reporters. */
function reportContext(settings, limits, output, hooks) {
    const env = hooks.env ?? {};
    return {
        frontEnd: hooks.frontEnd,
        workingDirectory: settings.workingDirectory,
        log: output.log,
        secrets: output.secrets,
        origins: linkOrigins(settings.baseUrl, env.GITHUB_SERVER_URL),
        workflowRunUrl: workflowRunUrlOf(env),
        signal: hooks.signal,
        send: request => sendOutbound(request, settings, limits, output, hooks)
    };
}
async function sendOutbound(request, settings, limits, output, hooks) {
    const deadline = shared_clock/* clock */.pm.now() + REPORT_MS;
    const label = (0,send/* labelOf */.Wy)(request.method, request.url);
    const policy = {
        maxAttempts: settings.maxAttempts,
        baseDelayMs: retry/* DEFAULT_BASE_DELAY_MS */.pH,
        maxDelayMs: retry/* MAX_RETRY_DELAY_MS */.pQ,
        deadline,
        signal: hooks.signal
    };
    return (0,retry/* withRetry */.bD)(policy, async () => {
        const answer = await (0,send/* send */.tN)({
            method: request.method,
            url: request.url,
            headers: request.headers ?? {},
            body: request.body,
            label
        }, { timeouts: limits.timeouts, userAgent: (0,version/* userAgent */.N1)(hooks.frontEnd) }, { signal: hooks.signal, deadline });
        if (answer.status < 200 || answer.status >= 300)
            throw new errors/* HttpStatusError */.F9(`${label} answered ${answer.status}`, answer.status, (0,retry/* parseRetryAfter */.mu)(answer.headers['retry-after']));
        return { status: answer.status, body: answer.body };
    }, (error, attempt, delayMs) => (0,retry/* logRetry */.zD)(output.log, error, attempt, settings.maxAttempts, delayMs));
}

;// CONCATENATED MODULE: ./src/core/deploy/labels.ts

/** Pure: a deployment's short label: its platform and file, or the run it waits for. */
function labelOf(deployment, file) {
    const name = deployment.artifact?.name ?? file?.split('/').at(-1);
    const which = [deployment.build?.platform ?? deployment.build?.format, name]
        .filter(Boolean)
        .join(' ');
    return which || deployment.runId || deployment.name;
}
/** The log of one deployment of several: every line after its label, read as it is when the line is said. */
function labelledLog(log, label) {
    const tag = (message) => `[${(0,shared_text/* oneLine */.TN)(label(), 60)}] ${message}`;
    return {
        info: message => log.info(tag(message)),
        debug: message => log.debug(tag(message)),
        notice: (message, title) => log.notice(tag(message), title),
        warning: (message, title) => log.warning(tag(message), title),
        mask: secret => log.mask(secret),
        group: async (name, work) => {
            log.info(tag(name));
            return work();
        }
    };
}

;// CONCATENATED MODULE: ./src/core/deploy/naming.ts
/**
 * A deployment is unique in its step, decided before the first request:
 * its destination (two builds never go to one path) and its name (two
 * deployments never share a check run, a comment row, a JUnit suite or a
 * hand-over entry). Nothing here reads GitHub.
 */





/**
 * Each deployment's name, unique in the step: by the naming rule
 * (report/identity.ts) from the build read, then told apart by the build's
 * file name or its destination (builds), or the run (runs waited for, whose
 * names a wait-only step may have taken from their check runs).
 */
function nameDeployments(settings, deployments, handoffs, 
/** The names a wait-only step took from GitHub, by deployment. */
adopted) {
    const { checkName } = settings.values;
    if (checkName !== undefined && checkName.length > MAX_CHECK_NAME)
        throw new errors/* InputError */.dz('checkName', `is ${checkName.length} characters long, more than the ${MAX_CHECK_NAME} a check run's name may take with the details each deployment adds`, 'Give a shorter check name');
    const several = deployments.length > 1;
    const names = deployments.map((deployment, i) => {
        const artifact = handoffs[i]?.artifact;
        const { build } = deployment;
        if (!build || !artifact)
            return { head: adopted?.[i] ?? deployment.name, details: [] };
        const environment = environmentOf(settings, {
            name: artifact.name,
            platform: build.platform,
            format: build.format
        });
        return nameOf({ checkName, environment, deploymentType: settings.values.deploymentType }, build, several);
    });
    const apart = deployments.map(d => [d.artifact?.name, d.destination, d.runId]);
    distinctNames(names, apart).forEach((name, i) => (deployments[i].name = name));
}
/**
 * One file is one build, however it is named: two names of one file (a link
 * and its file, two spellings on a disk that ignores case) would deploy it
 * twice. Refused before the first request, naming both.
 */
function distinctBuilds(handoffs) {
    const seen = new Map();
    for (const { artifact, file } of handoffs) {
        if (!artifact?.identity)
            continue;
        const first = seen.get(artifact.identity);
        if (first !== undefined)
            throw new errors/* InputError */.dz('file', `names one build twice: ${(0,shared_text/* quote */.hD)(first)} and ${(0,shared_text/* quote */.hD)(file ?? artifact.name)} are the same file (a link to it, or a spelling the disk does not tell apart)`, 'Name each build once');
        seen.set(artifact.identity, file ?? artifact.name);
    }
}
/**
 * Two builds of one step never share a destination: the second would
 * replace the first in the workspace's storage before its run read it.
 * Refused before the first request, naming both.
 */
function distinctDestinations(handoffs) {
    const seen = new Map();
    for (const { destination, artifact } of handoffs) {
        if (!destination || !artifact)
            continue;
        const first = seen.get(destination);
        if (first !== undefined)
            throw new errors/* InputError */.dz('file', `gives ${(0,shared_text/* quote */.hD)(first)} and ${(0,shared_text/* quote */.hD)(artifact.name)}, which would both go to ${(0,shared_text/* quote */.hD)(destination)}`, `Give each build its own name or type: with ${(0,option_refs/* ref */.KR)('namePrefix')}, builds of one type share their destination (give one per platform, android:… ios:…, or ${(0,option_refs/* ref */.KR)('destination')} per platform); deploy such builds in steps of their own`);
        seen.set(destination, artifact.name);
    }
}

;// CONCATENATED MODULE: ./src/core/shared/log.ts
const ignore = () => undefined;
/** A whole log from the parts a caller gave; the rest say nothing. */
function completeLog(partial = {}) {
    const own = partial ?? {};
    return {
        info: own.info ?? ignore,
        debug: own.debug ?? ignore,
        notice: own.notice ?? ignore,
        warning: own.warning ?? ignore,
        mask: own.mask ?? ignore,
        group: own.group ?? ((_name, work) => work())
    };
}

;// CONCATENATED MODULE: ./src/core/options/offers.ts

/** Whether a front end offers an option. */
function offers(frontEnd, key) {
    const spec = option_table/* OPTIONS */.lw[key];
    return spec.frontEnds === undefined || spec.frontEnds.includes(frontEnd);
}
/** The options a command takes in a front end, in table order. The action takes every one it offers. */
function optionsOf(frontEnd, command) {
    return option_table/* OPTION_KEYS */.XJ.filter(key => offers(frontEnd, key) && (command === undefined || option_table/* OPTIONS */.lw[key].commands.includes(command)));
}
/** The default as a person reads it: the value, the derivation, or nothing. */
function defaultOf(key) {
    const spec = OPTIONS[key];
    if (spec.default !== undefined)
        return String(spec.default);
    return spec.defaultText;
}

;// CONCATENATED MODULE: ./src/core/options/vocabulary.ts



/** `deploymentType` as `deployment-type`. */
function kebab(option) {
    return option.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`);
}
/** An option's own spelling in a front end, from the table: kebab-case for the action and the CLI, camelCase for the library. */
function spelling(frontEnd, option) {
    return option_table/* OPTIONS */.lw[option].names?.[frontEnd] ?? (frontEnd === 'library' ? option : kebab(option));
}
/** Replaces every reference to an option in `text` with the vocabulary's words; anything else is left as it is. */
function render(text, vocabulary) {
    return text.replace(option_refs/* REFERENCE */.gu, (whole, key, asSubject, value, clause) => {
        if (!(0,option_refs/* isOptionKey */.zi)(key))
            return whole;
        if (clause !== undefined)
            return offers(vocabulary.frontEnd, key) ? `${clause}${vocabulary.name(key)}` : '';
        if (asSubject)
            return vocabulary.subject(key);
        if (value !== undefined)
            return vocabulary.setting(key, value);
        return vocabulary.name(key);
    });
}

;// CONCATENATED MODULE: ./src/core/deploy/output-filter.ts






/**
 * The filter every text a deploy sends out passes (log lines, the failure,
 * the reason, warnings): options rendered in the front end's words, every
 * secret and credential shape redacted, and the whole sanitized (one line,
 * no control characters, no workflow command). Every callback of the
 * caller's and every reporter (the log, progress, events, a reporter's
 * writes) is called through a guard: one that throws is reported once and
 * not called again, and never stops the deploy.
 */
class OutputFilter {
    vocabulary;
    secrets;
    log;
    /** The step's own warnings: a callback or a reporter that threw. */
    warnings;
    target;
    failed = new Set();
    constructor(vocabulary, target, warnings) {
        this.vocabulary = vocabulary;
        this.warnings = warnings;
        this.target = completeLog(isObject(target) ? target : {});
        const mask = this.guard('log.mask', (secret) => this.target.mask(secret));
        this.secrets = new redact/* Secrets */.Sb(secret => mask(secret));
        this.log = this.wrap();
    }
    /**
     * Registers every secret option (the API key, the GitHub token) as given
     * and as the environment variable it falls back to holds it, before any
     * option is read: an option refused while it is read (the key pasted into
     * another flag) must find the key masked already in its message.
     */
    addSecretOptions(values, env = {}) {
        for (const [key, spec] of Object.entries(option_table/* OPTIONS */.lw)) {
            if (spec.kind !== 'secret' && spec.kind !== 'secretUrl')
                continue;
            const given = values[key];
            if (typeof given === 'string')
                if (spec.kind === 'secretUrl')
                    this.secrets.addUrl(given);
                else
                    this.secrets.add(given);
            if (spec.env)
                this.secrets.add(env[spec.env.name]);
        }
    }
    /** A text for a person, ready to leave the process. */
    text(message) {
        return (0,shared_text/* sanitize */.aj)(this.secrets.redact(render(message, this.vocabulary)));
    }
    /**
     * A value (an output, a link) ready to leave the process: secrets and
     * credentials out, and otherwise exact, for a later step must read the very
     * path or link. Values are checked where they are read (no control
     * character reaches here); each hand-over format keeps them safe for its
     * reader.
     */
    value(value) {
        return this.secrets.redactValue(value);
    }
    /**
     * A caller's callback that can never throw into the deploy: the first
     * failure is reported as a warning, and the callback is left alone after it.
     */
    guard(name, callback) {
        if (typeof callback !== 'function')
            return () => undefined;
        return (...args) => {
            if (this.failed.has(name))
                return;
            try {
                const result = callback(...args);
                // A promise a callback returns is not awaited, but its rejection is not left unhandled either.
                if (result instanceof Promise)
                    result.catch(error => this.report(name, error));
            }
            catch (error) {
                this.report(name, error);
            }
        };
    }
    report(name, error) {
        if (this.failed.has(name))
            return;
        this.failed.add(name);
        const warning = this.text(`The ${name} callback threw (${(0,errors/* messageOf */.bD)(error)}); the deploy goes on without calling it again.`);
        this.warnings.push(warning);
        if (name !== 'log.warning')
            this.guard('log.warning', this.target.warning)(warning);
    }
    wrap() {
        const { target } = this;
        const say = (method) => {
            const call = this.guard(`log.${method}`, (message, title) => target[method](message, title));
            return (message, title) => call(this.text(message), title === undefined ? undefined : this.text(title));
        };
        return {
            info: say('info'),
            debug: say('debug'),
            notice: say('notice'),
            warning: say('warning'),
            mask: secret => this.secrets.add(secret),
            group: async (name, work) => {
                if (this.failed.has('log.group'))
                    return work();
                let started = false;
                const run = () => {
                    started = true;
                    return work();
                };
                try {
                    return await target.group(this.text(name), run);
                }
                catch (error) {
                    if (started)
                        throw error;
                    this.report('log.group', error);
                    return work();
                }
            }
        };
    }
}
function isObject(value) {
    return typeof value === 'object' && value !== null;
}

;// CONCATENATED MODULE: ./src/core/deploy/plan.ts


/** The modes that send the deploy notification. */
const NOTIFIES = ['deploy', 'notify', 'plain'];
/**
 * Pure: the steps of a deploy from its settings and its CI's context, decided
 * once for every front end. A GitHub deployment that is not healthy is never
 * notified (service spec 4.3, rule 2).
 */
function planOf(settings, ci) {
    const state = ci?.deploymentState;
    if (state !== undefined && state !== 'success' && NOTIFIES.includes(settings.mode))
        return {
            skip: `This deployment_status event reports the state ${(0,shared_text/* quote */.hD)(state)}, not success, so nothing was uploaded and no deploy notification was sent. Run the step only for healthy deployments: if: github.event.deployment_status.state == 'success'.`
        };
    const build = (settings.values.file?.length ?? 0) > 0 ? ['locateBuild', 'checkBuild'] : [];
    const wait = settings.wait ? ['wait'] : [];
    switch (settings.mode) {
        case 'terminate':
            return { steps: ['terminate'] };
        case 'wait':
            return { steps: ['wait'] };
        case 'collect':
        case 'skip':
            // A collect and a skip are no deploy: the orchestrator runs each by itself, never the deploy's steps.
            return { steps: [] };
        case 'upload':
            return { steps: [...build, settings.values.dryRun ? 'dryRun' : 'upload'] };
        default:
            if (settings.values.dryRun)
                return { steps: [...build, 'dryRun'] };
            return {
                steps: [
                    ...build,
                    ...((settings.values.file?.length ?? 0) > 0 ? ['upload'] : []),
                    'notify',
                    ...wait
                ]
            };
    }
}
const MODE_WORDS = {
    deploy: 'upload and notify',
    upload: 'upload only',
    notify: 'notify with an earlier upload',
    plain: 'notify without a build',
    wait: 'wait for a verdict',
    terminate: 'end a preview environment',
    collect: 'collect verdicts reported later',
    skip: 'deploy nothing: skipped check runs'
};
/** Pure: the lines that tell the step's mode and where it deploys, once for the step. */
function planLines(settings) {
    const waits = settings.wait && settings.mode !== 'wait' ? ', then wait for the verdict' : '';
    const { branch, sha, pullRequestNumber, mergeRequestNumber } = settings.git;
    // Only a notification carries the Git context: a wait, an upload alone, a collect or ending an
    // environment sends none, so no line says "(none)" of what the step does not need.
    const git = NOTIFIES.includes(settings.mode);
    return [
        `Mode: ${MODE_WORDS[settings.mode]}${waits}`,
        `Service: ${settings.baseUrl}`,
        ...(git
            ? [
                `Branch: ${branch === undefined ? '(none)' : (0,shared_text/* quote */.hD)(branch, 200)}, commit: ${sha ?? '(none)'}`
            ]
            : []),
        ...(git && pullRequestNumber !== undefined ? [`Pull request: #${pullRequestNumber}`] : []),
        ...(git && mergeRequestNumber !== undefined ? [`Merge request: !${mergeRequestNumber}`] : [])
    ];
}
/** Pure: the lines that tell one deployment's build and where it goes. */
function buildLines(artifact, destination) {
    return [
        ...(artifact ? [`Artifact: ${(0,shared_text/* quote */.hD)(artifact.path, 300)} (${(0,format/* formatBytes */.z3)(artifact.size)})`] : []),
        ...(destination ? [`Destination: ${(0,shared_text/* quote */.hD)(destination, 300)}`] : [])
    ];
}

;// CONCATENATED MODULE: ./src/core/deploy/reporting.ts


/**
 * The reporters of one step, told the same facts: each event as it happens,
 * then the judged facts once. Every call goes through the output filter's
 * guard, so a reporter that throws is told once and never stops the deploy.
 * Required reporters finish first, one after another: the first that cannot
 * write is the step's problem, which the others then show.
 */
class Reporting {
    output;
    reporters;
    constructor(output, reporters) {
        this.output = output;
        this.reporters = [...reporters];
    }
    add(reporters) {
        this.reporters.push(...reporters);
    }
    /** Every reporter told an event of the deployment at `index`. */
    event(event, deployments, index) {
        for (const reporter of this.reporters)
            this.output.guard(reporter.name, reporter.onEvent?.bind(reporter))(event, deployments, index);
    }
    /**
     * Every reporter checked, before the first request: one that could not
     * write is bad usage, thrown, and is dropped first, so that the step's end
     * never hands it the facts (a target refused for its address must never
     * be sent anything there).
     */
    async prepare() {
        for (const reporter of [...this.reporters])
            try {
                await reporter.prepare?.();
            }
            catch (error) {
                this.reporters.splice(this.reporters.indexOf(reporter), 1);
                throw error;
            }
    }
    /** The judged facts handed to every reporter: the required ones first, the rest beside each other. */
    async finish(facts) {
        for (const reporter of this.reporters.filter(r => r.required)) {
            try {
                await reporter.finish(facts);
            }
            catch (error) {
                const problem = this.output.text(`The ${reporter.name} could not be written: ${(0,errors/* messageOf */.bD)(error)}`);
                if (facts.problem === undefined) {
                    facts.problem = problem;
                    facts.judgement = judgeStep(facts, problem);
                }
                // A failure that came first is the cause to show; this one is then a detail.
                if (facts.judgement.message !== problem)
                    this.output.log.warning(problem);
            }
        }
        await Promise.all(this.reporters
            .filter(reporter => !reporter.required)
            .map(async (reporter) => {
            try {
                await reporter.finish(facts);
            }
            catch (error) {
                this.output.log.warning(this.output.text(`The ${reporter.name} could not be written: ${(0,errors/* messageOf */.bD)(error)}`));
            }
        }));
    }
}

;// CONCATENATED MODULE: ./src/core/deploy/given-facts.ts
/** What the settings alone tell the deployment at `index` before any step; a value given (a run id) redacted like any other. */
function given_facts_factsOf(settings, index, value) {
    const facts = { mode: settings.mode, failOnNoRun: settings.failOnNoRun };
    if (settings.mode === 'terminate')
        return facts;
    return {
        ...facts,
        git: settings.git,
        ...(settings.mode === 'wait'
            ? { outcome: 'skipped', runId: value(settings.runIds[index]) }
            : { deploymentType: settings.values.deploymentType }),
        ...(settings.wait ? { wait: { minutes: settings.waitTimeoutMs / 60_000 } } : {}),
        ...(settings.values.reportLater ? { reportLater: true } : {})
    };
}

;// CONCATENATED MODULE: ./src/core/options/structured.ts
/**
 * The readers of the options with a structure of their own: a URL (the
 * service's base URL above all), the variables object, a repository.
 */





const MAX_VARIABLES_BYTES = 64 * 1024;
/** The longest name a run variable may have. */
const MAX_VARIABLE_NAME_LENGTH = 256;
const REPOSITORY_PART = /^[\w.-]{1,100}$/;
/** What a value is, for a message that refuses it: `a number`, `an array`, `null`. */
function structured_describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
function textOf(key, raw, trim = true) {
    if (typeof raw !== 'string')
        throw new errors/* InputError */.dz(key, `is ${structured_describe(raw)}, not text`, 'Give it as a string');
    return trim ? raw.trim() : raw;
}
/** An http(s) URL, as given. */
function urlValue(key, value) {
    if (!value)
        return value;
    let url;
    try {
        url = new URL(value);
    }
    catch {
        url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)((0,redact/* redactShapes */.YA)(value))} is not an http(s) URL`, 'Give a full URL such as https://example.com/...');
    }
    return value;
}
function repository(key, raw) {
    const object = raw;
    const parts = ['name', 'owner', 'namespace'].map(field => object?.[field]);
    const [name, owner, namespace] = parts;
    const good = (part) => typeof part === 'string' && REPOSITORY_PART.test(part);
    const goodNamespace = (part) => typeof part === 'string' && part.split('/').every(good);
    if (typeof raw !== 'object' || !good(name) || !(good(owner) || goodNamespace(namespace)))
        throw new errors/* InputError */.dz(key, 'is not a repository', 'Give {owner, name}, or {namespace, name} for GitLab, of letters, digits, dots, hyphens and underscores');
    return good(owner) ? { owner, name } : { namespace: namespace, name };
}
/**
 * The base URL without a trailing slash: the service's origin, or a
 * gateway's path prefix in front of it, which every request keeps. Plain
 * http is refused except for a loopback host, so that the API key never
 * crosses a network in clear text. Whatever it says, a password in it is
 * never repeated.
 */
function parseBaseUrl(raw) {
    const key = 'baseUrl';
    const value = raw.trim();
    const fix = 'Use the service URL, e.g. https://service.example.com';
    const fail = (problem, fixed = fix) => new errors/* InputError */.dz(key, problem, fixed);
    if (!value)
        throw fail('is empty');
    if ((0,shared_text/* hasControlCharacter */.Fd)(value))
        throw fail('contains a control character');
    let url;
    try {
        url = new URL(value);
    }
    catch {
        // A value with an @ may hold a password: it is not repeated.
        throw fail(value.includes('@')
            ? 'is not a URL (not shown, as it holds an @)'
            : `${(0,shared_text/* quote */.hD)(value)} is not a URL`);
    }
    if (url.username || url.password) {
        throw fail('contains credentials', `Remove the user and password from the URL: requests authenticate with ${(0,option_refs/* ref */.KR)('apiKey')}`);
    }
    const shown = (0,shared_text/* quote */.hD)(url.origin + url.pathname);
    if (url.search || url.hash)
        throw fail(`${shown} has a query or a fragment`, `${fix}, with neither`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        throw fail(`${shown} is not an https URL`);
    if (url.protocol === 'http:' && !(0,name_rules/* isLoopback */.U9)(url.hostname)) {
        throw fail(`${shown} uses plain http to a host that is not loopback, which would send the API key in clear text`, 'Use https');
    }
    // A gateway's path prefix (https://gw.example.com/testing) is kept on every request. A path that reaches
    // into the service's own API is a request's address pasted whole: refused, naming the base to use.
    const path = (0,shared_text/* withoutTrailingSlashes */.A$)(url.pathname);
    const api = /(^|\/)api(\/|$)/i.exec(path);
    if (api) {
        const base = `${url.origin}${path.slice(0, api.index)}`;
        throw fail(`${shown} reaches into the service's API (${(0,shared_text/* quote */.hD)(path.slice(api.index), 40)})`, `Use the address the requests start from, ${(0,shared_text/* quote */.hD)(base)}: they add /api/... themselves`);
    }
    return `${url.origin}${path}`;
}
/**
 * The variables: a JSON object (or an object) whose values are strings,
 * numbers or booleans; numbers and booleans become strings, as the service
 * takes strings.
 */
function parseVariables(key, raw) {
    const fix = 'Give a JSON object of names to strings, e.g. {"LOCALE": "en-GB"}';
    const fail = (problem, fixed = fix) => new errors/* InputError */.dz(key, problem, fixed);
    let parsed = raw;
    if (typeof raw === 'string') {
        if (raw.trim() === '')
            return undefined;
        if (Buffer.byteLength(raw, 'utf8') > MAX_VARIABLES_BYTES)
            throw fail(`is larger than ${MAX_VARIABLES_BYTES / 1024} KiB`, 'Send fewer or shorter variables');
        try {
            parsed = JSON.parse(raw);
        }
        catch (error) {
            throw fail(`is not valid JSON (${error instanceof Error ? error.message : 'unreadable'})`);
        }
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        throw fail(`is not an object (${structured_describe(parsed)})`);
    const entries = [];
    let bytes = 0;
    for (const [name, value] of Object.entries(parsed)) {
        if (name === '' || name.length > MAX_VARIABLE_NAME_LENGTH || (0,shared_text/* hasControlCharacter */.Fd)(name))
            throw fail(`has an invalid name ${(0,shared_text/* quote */.hD)(name)}`, 'Use non-empty names without control characters');
        let text;
        if (typeof value === 'string')
            text = value;
        else if (typeof value === 'number' && Number.isFinite(value))
            text = String(value);
        else if (typeof value === 'boolean')
            text = String(value);
        else
            throw fail(`has ${structured_describe(value)} for ${(0,shared_text/* quote */.hD)(name)}`, 'Use a string, number or boolean for every variable');
        bytes += Buffer.byteLength(name) + Buffer.byteLength(text);
        entries.push([name, text]);
    }
    if (bytes > MAX_VARIABLES_BYTES)
        throw fail(`is larger than ${MAX_VARIABLES_BYTES / 1024} KiB`, 'Send fewer or shorter variables');
    // fromEntries defines own properties, so a name like __proto__ stays a plain variable.
    return Object.fromEntries(entries);
}
/** A single-line value, trimmed; empty is not given; a line break or another control character is refused. */
function plainText(key, raw) {
    const value = textOf(key, raw, false);
    if ((0,shared_text/* hasControlCharacter */.Fd)(value)) {
        throw new errors/* InputError */.dz(key, `contains a line break or another control character (${(0,shared_text/* quote */.hD)(value, 40)})`, 'Give a single-line value');
    }
    return value.trim() || undefined;
}

;// CONCATENATED MODULE: ./src/core/options/lists.ts
/**
 * The readers of values given as lists: the builds (paths or globs, one per
 * line or a list), the runs to wait for (separated by spaces, commas or
 * lines), and a value for every build or one per platform (`android:…
 * ios:…`). Each item is checked by its own reader; what is refused names the
 * option and the fix.
 */





/**
 * Paths or globs, one per line of text (an input of the action, a flag of the
 * CLI, which may also be repeated) or a list (the library); blank lines are
 * left out, and none at all is not given. The same path twice is one build
 * given twice: refused.
 */
function globs(key, raw) {
    const entries = Array.isArray(raw) ? raw : [raw];
    const lines = entries.flatMap(entry => textOf(key, entry, false).split(/\r?\n/));
    const values = lines.map(line => plainText(key, line)).filter((v) => v !== undefined);
    const twice = values.find((value, i) => values.indexOf(value) !== i);
    if (twice !== undefined)
        throw new errors/* InputError */.dz(key, `names ${(0,shared_text/* quote */.hD)(twice)} twice`, 'Name each build once');
    if (values.length > option_spec/* MAX_STEP_BUILDS */.y4)
        throw new errors/* InputError */.dz(key, `names ${values.length} builds, more than the ${option_spec/* MAX_STEP_BUILDS */.y4} one step deploys`, `Deploy them in steps of their own (a matrix job, a step per flavor), at most ${option_spec/* MAX_STEP_BUILDS */.y4} each`);
    return values.length > 0 ? values : undefined;
}
/**
 * One run id or several: separated by spaces, commas or lines (a deploy's
 * `runIds` as it hands them over), or a list (the library, a repeated flag);
 * the same run twice is waited for once.
 */
function runIds(key, raw) {
    const entries = Array.isArray(raw) ? raw : [raw];
    const ids = entries.flatMap(entry => textOf(key, entry, false).split(/[\s,]+/)).filter(Boolean);
    for (const id of ids)
        if (!(0,name_rules/* isSafeId */.JA)(id))
            throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(id)} is not a run id`, 'Pass the runId (or runIds) of the deploy that created the runs, unchanged');
    const distinct = [...new Set(ids)];
    if (distinct.length > option_spec/* MAX_STEP_BUILDS */.y4)
        throw new errors/* InputError */.dz(key, `names ${distinct.length} runs, more than the ${option_spec/* MAX_STEP_BUILDS */.y4} one step waits for`, 'Wait for the runs of one deploy in each step');
    return distinct.length > 0 ? distinct : undefined;
}
/**
 * Android ABIs: separated by spaces or commas, or a list (the library); each
 * one NDK builds for, in its own spelling (`arm64-v8a`), the same one twice
 * counted once.
 */
function abis(key, raw) {
    const entries = Array.isArray(raw) ? raw : [raw];
    const named = entries.flatMap(entry => textOf(key, entry, false).split(/[\s,]+/)).filter(Boolean);
    for (const abi of named)
        if (!option_spec/* ANDROID_ABIS */.O1.includes(abi))
            throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(abi, 40)} is not an Android ABI`, `Name ABIs as an APK's lib/ folders do: ${option_spec/* ANDROID_ABIS */.O1.slice(0, 4).join(', ')}`);
    return named.length > 0 ? [...new Set(named)] : undefined;
}
/**
 * A value for every build, or one per platform: `com.example.shop`, or
 * `android:com.example.shop ios:com.example.Shop` (separated by spaces or
 * commas), each checked by `check`. One for all and one per platform
 * together would say two things.
 */
function perPlatform(key, value, check, noun, example, 
/** App ids hold no spaces or commas: two of them are two values, always split. */
split = false) {
    if (value === undefined)
        return undefined;
    // A value for every build is checked whole (a path may hold spaces and commas) unless a platform is named.
    if (!split && !/(?:^|[\s,])(?:android|ios):/i.test(value))
        return { all: check(key, value) };
    const fix = `Give one value for every build, or one per platform: android:${example} ios:${example.replace(/\.apk$/, '.ipa')}`;
    const values = {};
    for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
        const [, named, given] = /^(?:(android|ios):)?(.*)$/i.exec(entry);
        const slot = (named?.toLowerCase() ?? 'all');
        if (values[slot] !== undefined)
            throw new errors/* InputError */.dz(key, `names ${named ? `two ${PLATFORM_WORDS[slot]} ${noun}s` : `two ${noun}s`}`, fix);
        // `ios:` alone would switch the value off for that platform: refused, whatever the value's reader makes of nothing.
        const read = given ? check(key, given) : undefined;
        if (read === undefined || read === '')
            throw new errors/* InputError */.dz(key, `names ${(0,shared_text/* quote */.hD)(entry)} with nothing after the platform`, fix);
        values[slot] = read;
    }
    if (values.all !== undefined && (values.android !== undefined || values.ios !== undefined))
        throw new errors/* InputError */.dz(key, `names a value for every build and one for a platform (${(0,shared_text/* quote */.hD)(value, 60)})`, fix);
    return values;
}
const PLATFORM_WORDS = { android: 'Android', ios: 'iOS' };

;// CONCATENATED MODULE: ./src/core/options/values.ts
/**
 * The readers of every kind of option: each takes a value as a front end has
 * it (text from an input or a flag, or a typed value from the library) and
 * returns it checked, or undefined when it was not given. What one front end
 * refuses, every front end refuses, with the same words. Values given as
 * lists (builds, runs, one per platform) are read by lists.ts.
 */







// An Android package name or an iOS bundle id: what either platform lets an app's id be.
const APP_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;
const NAME_PART = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const SHA = /^[0-9a-fA-F]{7,64}$/;
const TRUE_VALUES = ['true', 'True', 'TRUE'];
const FALSE_VALUES = ['false', 'False', 'FALSE'];
/** Reads one option's value by its kind in the table; undefined when not given (nothing, or empty text). */
function readOption(key, raw) {
    // Each kind's reader returns that kind's value (KindValues): the one place the table's kind meets its type.
    return readValue(key, option_table/* OPTIONS */.lw[key], raw);
}
function readValue(key, spec, raw) {
    if (raw === undefined || raw === null)
        return undefined;
    switch (spec.kind) {
        case 'secret':
            return secret(key, raw);
        case 'secretUrl':
            return secretUrl(key, raw);
        case 'baseUrl':
            return raw === '' ? undefined : parseBaseUrl(textOf(key, raw, false));
        case 'text':
        case 'path':
            return plainText(key, raw);
        case 'displayName':
            return displayName(key, plainText(key, raw));
        case 'globs':
            return globs(key, raw);
        case 'destinationEach':
            return perPlatform(key, plainText(key, raw), destination, 'destination', 'builds/app.apk');
        case 'namePartEach':
            return perPlatform(key, plainText(key, raw), namePart, 'value', 'myapp');
        case 'relativePath':
            return relativePath(key, plainText(key, raw));
        case 'variables':
            return parseVariables(key, raw);
        case 'variableName':
            return variableName(key, plainText(key, raw));
        case 'boolean':
            return parseBoolean(key, raw);
        case 'integer':
            return parseInteger(key, raw, spec.min ?? 0, spec.max ?? Number.MAX_SAFE_INTEGER);
        case 'number':
            return parseNumber(key, raw, spec);
        case 'sha':
            return sha(key, plainText(key, raw));
        case 'url':
            return urlValue(key, plainText(key, raw));
        case 'runIds':
            return runIds(key, raw);
        case 'repository':
            return repository(key, raw);
        case 'appIds':
            return perPlatform(key, plainText(key, raw), appId, 'app id', 'com.example.shop', true);
        case 'platform':
            return platform(key, plainText(key, raw));
        case 'abis':
            return abis(key, raw);
        case 'target':
            return values_oneOf(key, plainText(key, raw), option_spec/* IOS_TARGETS */.bw, 'a target');
    }
}
function secret(key, raw) {
    const value = textOf(key, raw, false);
    if (value === '')
        return undefined;
    // A secret is never quoted back.
    if ((0,shared_text/* hasControlCharacter */.Fd)(value) || /\s/.test(value))
        throw new errors/* InputError */.dz(key, 'contains white space or a control character', 'Copy the secret again without line breaks or spaces');
    return value;
}
/**
 * A URL that is a secret (a webhook's carries its token in its path): https,
 * or http to a loopback host; never quoted back.
 */
function secretUrl(key, raw) {
    const value = secret(key, raw);
    if (value === undefined)
        return undefined;
    let url;
    try {
        url = new URL(value);
    }
    catch {
        url = undefined;
    }
    const safe = url !== undefined &&
        !url.username &&
        !url.password &&
        (url.protocol === 'https:' || (url.protocol === 'http:' && (0,name_rules/* isLoopback */.U9)(url.hostname)));
    if (!safe)
        throw new errors/* InputError */.dz(key, 'is not an https URL (http only to a loopback host, no user or password in it)', 'Give the full URL the service you post to gave you, such as https://hooks.example.com/services/…');
    return value;
}
function destination(key, value) {
    const problem = value && (0,name_rules/* destinationProblem */.wI)(value);
    if (problem)
        throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(value)} is not a valid destination: ${problem}`, 'Use a relative path such as builds/myapp-staging.apk');
    return value;
}
/** A part of a conventional name: letters, digits, dots, hyphens, underscores. */
function namePart(key, value) {
    if (value && !NAME_PART.test(value)) {
        throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(value)} is not a valid name part`, 'Use letters, digits, dots, hyphens and underscores, starting with a letter or digit');
    }
    return value;
}
/**
 * A name people read (a check run's): any script, spaces and punctuation,
 * but nothing a name part refuses for what it hides: a character that
 * shows nothing or reorders the text (a right-to-left override would make
 * `Mobile tests` read as another check), a line break, half a character.
 */
function displayName(key, value) {
    const hidden = value && (0,shared_text/* hiddenCharacterIn */.Zb)(value);
    if (hidden) {
        throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(value)} is not a valid name: it holds ${hidden}, which shows nothing, reorders the text or breaks the line`, 'Use letters of any script, digits, spaces and punctuation, without invisible or direction characters');
    }
    return value;
}
function relativePath(key, value) {
    if (value && ((0,name_rules/* hasUnsafePath */.IY)(value) || value.length > name_rules/* MAX_PATH_LENGTH */.Kb))
        throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(value)} contains a .. segment or a backslash, or is too long`, 'Pass the playgroundFileLocation of the upload, unchanged');
    return value;
}
/** The YAML 1.2 core-schema booleans that `core.getBooleanInput` accepts, or a boolean; empty is not given. */
function parseBoolean(key, raw) {
    if (typeof raw === 'boolean')
        return raw;
    const value = textOf(key, raw);
    if (value === '')
        return undefined;
    if (TRUE_VALUES.includes(value))
        return true;
    if (FALSE_VALUES.includes(value))
        return false;
    throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(value)} is not a boolean`, 'Use true or false');
}
/** A whole number in range, from a number or its digits. */
function parseInteger(key, raw, min, max) {
    const fix = `Use a whole number from ${min} to ${max}, or leave it out for the default`;
    let n;
    if (typeof raw === 'number')
        n = raw;
    else {
        const value = textOf(key, raw);
        if (value === '')
            return undefined;
        n = /^\d+$/.test(value) ? Number(value) : NaN;
        if (!Number.isSafeInteger(n) || n < min || n > max)
            throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(value)} is not a whole number from ${min} to ${max}`, fix);
        return n;
    }
    if (!Number.isSafeInteger(n) || n < min || n > max)
        throw new errors/* InputError */.dz(key, `${String(n)} is not a whole number from ${min} to ${max}`, fix);
    return n;
}
/** A number in range (fractions allowed), from a number or its decimal digits. */
function parseNumber(key, raw, spec) {
    const min = spec.min ?? 0;
    const max = spec.max ?? Number.MAX_SAFE_INTEGER;
    const range = `${spec.exclusiveMin ? 'above' : 'from'} ${min} to ${max}`;
    let n;
    let shown;
    if (typeof raw === 'number') {
        n = raw;
        shown = String(raw);
    }
    else {
        const value = textOf(key, raw);
        if (value === '')
            return undefined;
        n = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
        shown = (0,shared_text/* quote */.hD)(value);
    }
    if (!Number.isFinite(n) || (spec.exclusiveMin ? n <= min : n < min) || n > max)
        throw new errors/* InputError */.dz(key, `${shown} is not a number ${range}`, `Give a number ${range}, such as ${spec.default ?? max}, or leave it out for the default`);
    return n;
}
function sha(key, value) {
    if (value && !SHA.test(value))
        throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(value)} is not a commit hash`, 'Use a hexadecimal commit id');
    return value;
}
/** The name of a run variable: what the lane plugin's option takes. */
function variableName(key, value) {
    if (value !== undefined && (value.length > MAX_VARIABLE_NAME_LENGTH || /\s/.test(value))) {
        throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(value)} is not a variable name`, 'Use a name such as RUN_INPUT_PATH, without spaces');
    }
    return value;
}
/** The id a build must have: an Android package name or an iOS bundle id. */
function appId(key, value) {
    if (value && !APP_ID.test(value))
        throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(value)} is not an app id`, 'Give the package name or bundle id, such as com.example.app');
    return value;
}
/** The platform a build must be for, in lower case. */
function platform(key, value) {
    return values_oneOf(key, value, option_spec/* PLATFORMS */.P4, 'a platform');
}
/** One of a few words, in lower case; anything else refused, naming them. */
function values_oneOf(key, value, words, noun) {
    if (value === undefined)
        return undefined;
    const lower = value.toLowerCase();
    if (!words.includes(lower))
        throw new errors/* InputError */.dz(key, `${(0,shared_text/* quote */.hD)(value)} is not ${noun}`, `Use ${words.join(' or ')}`);
    return lower;
}

;// CONCATENATED MODULE: ./src/core/options/rule.ts
/**
 * What a refusal of the options is: a row that says when it applies, the
 * option it names, the problem and the fix; what every row sees; and the
 * one way the rows of a table are read (in order, the first that applies).
 */

const given = (read, key) => {
    const value = read(key);
    return value !== undefined && value !== false;
};
const first = (read, keys) => keys.find(key => given(read, key));
/** The first rule of `rules` that applies, thrown as an InputError naming its option. */
function enforce(rules, seen) {
    for (const rule of rules) {
        const applies = rule.applies(seen);
        if (!applies)
            continue;
        const key = rule.key ?? applies;
        const text = (part) => (typeof part === 'string' ? part : part(seen));
        throw new errors/* InputError */.dz(key, text(rule.problem), text(rule.fix));
    }
}

;// CONCATENATED MODULE: ./src/core/options/combination-rules.ts
/**
 * The options that only make sense together, or apart, in the mode decided:
 * one row each (options/rule.ts).
 */


/** The options that only make sense together, or apart, in the mode decided. */
const COMBINATION_RULES = [
    {
        applies: ({ read }) => given(read, 'destination') && given(read, 'namePrefix'),
        key: 'destination',
        problem: `cannot be combined with ${(0,option_refs/* ref */.KR)('namePrefix')}`,
        fix: `Give the destination path, or let ${(0,option_refs/* ref */.KR)('namePrefix')} build it, not both`
    },
    {
        applies: ({ read, mode }) => !read('file') &&
            mode !== 'terminate' &&
            mode !== 'skip' &&
            first(read, [
                'destination',
                'namePrefix',
                'expectedAppId',
                'platform',
                'requiredAbis',
                'requiredTarget'
            ]),
        problem: `is set but ${(0,option_refs/* ref */.KR)('file')} is empty`,
        fix: `Set ${(0,option_refs/* ref */.KR)('file')} to the build to upload`
    },
    {
        applies: ({ read }) => (read('file')?.length ?? 0) > 1 && read('destination')?.all !== undefined,
        key: 'destination',
        problem: ({ read }) => `names one path in the storage, and ${(0,option_refs/* ref */.KR)('file')} gives ${read('file').length} builds`,
        fix: `Give one per platform (android:builds/app.apk ios:builds/app.ipa), or leave it out and let ${(0,option_refs/* ref */.KR)('namePrefix')} name each build (its own extension), or deploy each build in a step of its own`
    },
    {
        applies: ({ read, mode }) => mode !== 'skip' && given(read, 'environment') && !given(read, 'namePrefix'),
        key: 'environment',
        problem: `is set without ${(0,option_refs/* ref */.KR)('namePrefix')}`,
        fix: `Set ${(0,option_refs/* ref */.KR)('namePrefix')} too: the destination is then <prefix>-<environment>.<ext>`
    },
    {
        applies: ({ read }) => read('runVariable') in (read('variables') ?? {}) &&
            (given(read, 'file') || given(read, 'runInputPath')),
        key: 'variables',
        problem: ({ read }) => `sets ${read('runVariable')} while ${(0,option_refs/* ref */.KR)(read('file') ? 'file' : 'runInputPath')} is set, which is ambiguous`,
        fix: ({ read }) => `Remove ${read('runVariable')} from ${(0,option_refs/* ref */.KR)('variables')}: it is set to the uploaded build`
    },
    {
        applies: ({ read, mode }) => given(read, 'dryRun') && (mode === 'wait' || mode === 'terminate'),
        key: 'dryRun',
        problem: ({ mode }) => mode === 'wait'
            ? `cannot be combined with ${(0,option_refs/* ref */.KR)('runId')}: waiting for a verdict uploads and notifies nothing`
            : 'cannot be combined with ending an environment: the service has no request that checks it without ending it',
        fix: `Leave ${(0,option_refs/* ref */.KR)('dryRun')} out of this step`
    },
    {
        applies: ({ read }) => given(read, 'reportLater') && given(read, 'wait'),
        key: 'reportLater',
        problem: `cannot be combined with ${(0,option_refs/* setting */.Pe)('wait', 'true')}: the step either waits for the verdict or leaves it to a collect`,
        fix: `Keep ${(0,option_refs/* setting */.Pe)('wait', 'true')} to hold the job until the verdict, or ${(0,option_refs/* setting */.Pe)('reportLater', 'true')} alone to free the runner and collect the verdict on a schedule`
    },
    {
        applies: ({ read, mode }) => given(read, 'reportLater') && (mode === 'upload' || given(read, 'dryRun')),
        key: 'reportLater',
        problem: ({ mode }) => mode === 'upload'
            ? 'is true but no deploy notification is sent, so no run starts'
            : `cannot be combined with ${(0,option_refs/* ref */.KR)('dryRun')}: a dry run starts no run`,
        fix: `Leave ${(0,option_refs/* ref */.KR)('reportLater')} out of this step`
    },
    {
        // An attestation binds a verdict to a build's bytes: the step must know both.
        applies: ({ read, mode }) => given(read, 'testAttestation') &&
            mode !== 'collect' &&
            !(mode === 'deploy' && given(read, 'wait')),
        key: 'testAttestation',
        problem: ({ mode }) => mode === 'wait'
            ? "is set, and a wait-only step has no build's bytes to bind its verdict to"
            : mode === 'deploy'
                ? `is set, and without ${(0,option_refs/* setting */.Pe)('wait', 'true')} this step knows no verdict`
                : 'is set, and this step sends no build whose bytes a verdict could be bound to',
        fix: `Attest in the step that deploys the build and waits (${(0,option_refs/* ref */.KR)('file')} with ${(0,option_refs/* setting */.Pe)('wait', 'true')}), or in the collect that brings the verdicts of ${(0,option_refs/* ref */.KR)('reportLater')}`
    },
    {
        applies: ({ read, mode }) => given(read, 'wait') && mode === 'upload',
        key: 'wait',
        problem: 'is true but no deploy notification is sent, so no run starts',
        fix: `Send the notification, or wait in a later step with ${(0,option_refs/* ref */.KR)('runId')}`
    }
];

;// CONCATENATED MODULE: ./src/core/options/mode-rules.ts


const alone = `Use ${(0,option_refs/* ref */.KR)('runId')} alone to wait for an earlier run's verdict`;
/** The refusals of the mode itself: what the mode decided cannot take. */
const MODE_RULES = [
    {
        // A skip deploys nothing: anything that deploys, waits, collects or ends beside it says the opposite.
        applies: ({ mode, read }) => mode === 'skip' &&
            first(read, [
                'file',
                'runInputPath',
                'runId',
                'terminateEnvironment',
                'collect',
                'reportLater',
                'wait',
                'dryRun'
            ]),
        problem: `cannot be combined with ${(0,option_refs/* setting */.Pe)('skip', 'true')}, which deploys nothing`,
        fix: "Skip in a job of its own, the one that runs when the deploy's does not (a path filter's other branch)"
    },
    {
        // A skip writes nothing but its check runs: without them it would do nothing, and a required check stay unresolved.
        applies: ({ mode, read }) => mode === 'skip' && read('check') === false,
        key: 'check',
        problem: `is false with ${(0,option_refs/* setting */.Pe)('skip', 'true')}, which writes nothing but check runs: the skip would do nothing, and a required check would wait for good`,
        fix: `Leave ${(0,option_refs/* ref */.KR)('check')} out of the skip step; to show nothing for a skipped deploy, leave the skip job out`
    },
    {
        applies: ({ mode, frontEnd, read }) => mode === 'terminate' &&
            frontEnd === 'action' &&
            first(read, ['file', 'runInputPath', 'runId', 'wait', 'reportLater']),
        problem: `cannot be combined with ${(0,option_refs/* setting */.Pe)('terminateEnvironment', 'true')}: ending an environment starts no run, so there is no verdict to wait for or collect`,
        fix: 'End the environment in a step of its own'
    },
    {
        applies: ({ mode, read }) => mode === 'collect' &&
            first(read, [
                'file',
                'runInputPath',
                'runId',
                'terminateEnvironment',
                'reportLater',
                'wait',
                'dryRun'
            ]),
        problem: `cannot be combined with ${(0,option_refs/* setting */.Pe)('collect', 'true')}`,
        fix: 'Collect in a workflow of its own (on: schedule), with the API key, the base URL and the GitHub token only'
    },
    {
        applies: ({ mode, read }) => mode === 'wait' && !read('runId'),
        key: 'runId',
        problem: 'is missing',
        fix: 'Pass the runId of the deploy that created the run, unchanged'
    },
    {
        // A wait-only step waits for the verdict itself: there is nothing left for a collect.
        applies: ({ mode, read }) => mode === 'wait' && given(read, 'reportLater'),
        key: 'reportLater',
        problem: `cannot be combined with ${(0,option_refs/* ref */.KR)('runId')}: a step that waits for runs' verdicts shows them itself`,
        fix: `Leave ${(0,option_refs/* ref */.KR)('reportLater')} out of the wait-only step; to free the runner, deploy with ${(0,option_refs/* setting */.Pe)('reportLater', 'true')} and let a scheduled collect bring the verdicts`
    },
    {
        applies: ({ mode, read }) => mode === 'wait' && given(read, 'file'),
        key: 'runId',
        problem: `cannot be combined with ${(0,option_refs/* ref */.KR)('file')}`,
        fix: alone
    },
    {
        applies: ({ mode, read }) => mode === 'wait' && given(read, 'runInputPath'),
        key: 'runId',
        problem: `cannot be combined with ${(0,option_refs/* ref */.KR)('runInputPath')}`,
        fix: alone
    },
    {
        // A deploy or an upload without a build would silently become the notify command's mode, or do nothing.
        applies: ({ mode, command }) => (command === 'deploy' || command === 'upload') &&
            (mode === 'plain' || (mode === 'notify' && command === 'upload')),
        key: 'file',
        problem: ({ values }) => blank(values.file) ? 'is empty (an unset CI variable expands to nothing)' : 'is missing',
        fix: ({ values, command, frontEnd }) => missingBuildFix(values.file, command, frontEnd)
    },
    {
        applies: ({ read }) => given(read, 'file') && given(read, 'runInputPath'),
        key: 'runInputPath',
        problem: `cannot be combined with ${(0,option_refs/* ref */.KR)('file')}`,
        fix: `Use ${(0,option_refs/* ref */.KR)('file')} to upload a build and notify with it, or ${(0,option_refs/* ref */.KR)('runInputPath')} alone to notify with an earlier upload`
    },
    {
        applies: ({ mode, read }) => (mode === 'notify' || mode === 'plain') && read('notify') === false,
        key: 'notify',
        problem: ({ read }) => read('runInputPath')
            ? `is false with ${(0,option_refs/* ref */.KR)('runInputPath')} set`
            : `is false and ${(0,option_refs/* ref */.KR)('file')} is empty, so there is nothing to do`,
        fix: `Set ${(0,option_refs/* ref */.KR)('file')} to upload a build, or ${(0,option_refs/* setting */.Pe)('notify', 'true')} to send the deploy notification`
    }
];
/** A value given but blank: one, or several (a list, a repeated flag), each empty text. */
function blank(value) {
    return (typeof value === 'string' ||
        (Array.isArray(value) && value.every(item => typeof item === 'string')));
}
/**
 * The fix for a deploy or an upload without a build. An empty value given is
 * most often a CI variable that is not set in this job: the shell hands over
 * nothing, and only the emptiness shows.
 */
function missingBuildFix(given, command, frontEnd) {
    const check = blank(given)
        ? ', and check that the variable it is given from is set in this job'
        : '';
    const notify = frontEnd === 'library' ? 'notifyDeployment' : "the 'notify' command";
    // A wrapper's deploy (a GitLab component, the orb's job) has no notify: its way is run-input-path.
    const without = command === 'deploy'
        ? `; for a build uploaded earlier, give ${(0,option_refs/* ref */.KR)('runInputPath')} instead; to notify the service without a build, use ${notify}`
        : '';
    return `Give the path or a glob of the build to ${command}${check}${without}`;
}

;// CONCATENATED MODULE: ./src/core/options/mode.ts



/** What the request asks for, before any rule: the command, else the options that choose a mode. */
function decide(read, command) {
    if (command === 'skip' || read('skip') === true)
        return 'skip';
    if (command === 'terminate' || read('terminateEnvironment') === true)
        return 'terminate';
    if (command === 'collect' || read('collect') === true)
        return 'collect';
    if (command === 'wait' || read('runId'))
        return 'wait';
    const notify = command === 'upload' ? false : (read('notify') ?? true);
    if (read('file'))
        return notify ? 'deploy' : 'upload';
    return read('runInputPath') ? 'notify' : 'plain';
}
/** What the deploy does, from the command and which options are given; refused when they cannot go together. */
function modeOf(read, request) {
    const mode = decide(read, request.command);
    enforce(MODE_RULES, { read, mode, ...request });
    return mode;
}
/** The options that only make sense together, or apart, in the mode decided. */
function checkCombinations(read, mode, request) {
    enforce(COMBINATION_RULES, { read, mode, ...request });
}

;// CONCATENATED MODULE: ./src/core/ci/repository.ts
/** Where a repository URL says the code is hosted, as the service names it. */
function hostingOf(url) {
    const host = hostOf(url);
    if (!host)
        return undefined;
    if (host === 'github.com' || host.startsWith('github.'))
        return 'GitHub';
    if (host === 'gitlab.com' || host.startsWith('gitlab.'))
        return 'GitLab';
    if (host === 'bitbucket.org' || host.startsWith('bitbucket.'))
        return 'Bitbucket';
    if (host === 'dev.azure.com' || host.endsWith('.visualstudio.com'))
        return 'Azure Repos';
    return undefined;
}
/**
 * `owner/name` from a clone URL: `https://github.com/o/r.git`,
 * `git@github.com:o/r.git`, `ssh://git@host/o/r`. A GitLab URL with nested
 * groups gives its namespace (`group/sub`).
 */
function repositoryOfUrl(url) {
    const path = pathOf(url);
    if (!path)
        return undefined;
    const parts = path.split('/').filter(Boolean);
    if (parts.length < 2)
        return undefined;
    const name = parts.pop();
    if (hostingOf(url) === 'GitLab')
        return { namespace: parts.join('/'), name };
    return parts.length === 1 ? { owner: parts[0], name } : undefined;
}
/** A web URL for a commit, on the hosts whose URL shape is known. */
function commitUrlOfClone(url, sha) {
    const host = hostOf(url);
    const path = pathOf(url);
    if (!host || !path || !sha)
        return undefined;
    const hosting = hostingOf(url);
    if (hosting === 'GitHub')
        return `https://${host}/${path}/commit/${sha}`;
    if (hosting === 'GitLab')
        return `https://${host}/${path}/-/commit/${sha}`;
    if (hosting === 'Bitbucket')
        return `https://${host}/${path}/commits/${sha}`;
    return undefined;
}
function hostOf(url) {
    const scp = /^[\w.-]+@([^:/]+):/.exec(url ?? '');
    if (scp)
        return scp[1].toLowerCase();
    try {
        return new URL(url ?? '').hostname.toLowerCase() || undefined;
    }
    catch {
        return undefined;
    }
}
function pathOf(url) {
    const scp = /^[\w.-]+@[^:/]+:(.+)$/.exec(url ?? '');
    let path;
    if (scp)
        path = scp[1];
    else {
        try {
            path = new URL(url ?? '').pathname;
        }
        catch {
            return undefined;
        }
    }
    const clean = path.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
    return clean || undefined;
}

;// CONCATENATED MODULE: ./src/core/ci/providers/provider.ts

/** Whether the job's variables show the CI. */
function signalled(provider, env) {
    return provider.signals.some(({ variable, value }) => value === undefined
        ? env[variable] !== undefined
        : env[variable]?.toLowerCase() === value.toLowerCase());
}
/** A context that is the CI's variables alone, without notes. */
function fromVariables(context) {
    return env => ({ git: context(env), notes: [] });
}
/** Repository, commit URL and host from a clone URL, under the given fields. */
function fromUrl(url, sha, fields) {
    return {
        sha,
        repository: repositoryOfUrl(url),
        commitUrl: commitUrlOfClone(url, sha),
        hostingService: hostingOf(url),
        ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
    };
}
/** A branch from a ref: `refs/heads/x` or `x`; a tag is no branch. */
function branchOfRef(ref) {
    if (!ref || ref.startsWith('refs/tags/'))
        return undefined;
    return ref.replace(/^refs\/heads\//, '');
}
/** A positive whole number from a variable; anything else ("false", "", "12a") is none. */
function number(value) {
    const n = /^\d+$/.test(value ?? '') ? Number(value) : NaN;
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

;// CONCATENATED MODULE: ./src/core/ci/providers/azure.ts



/** Azure Repos' repository provider names, as the service names the host. */
const HOSTS = {
    GitHub: 'GitHub',
    Bitbucket: 'Bitbucket',
    TfsGit: 'Azure Repos'
};
const AZURE = {
    name: 'Azure Pipelines',
    signals: [{ variable: 'TF_BUILD', value: 'true' }],
    reads: {
        branch: '`SYSTEM_PULLREQUEST_SOURCEBRANCH`, else `BUILD_SOURCEBRANCH`',
        commit: '`BUILD_SOURCEVERSION`',
        request: '`SYSTEM_PULLREQUEST_PULLREQUESTNUMBER` (or `…ID`)',
        repository: '`BUILD_REPOSITORY_NAME` (GitHub), else from `BUILD_REPOSITORY_URI`'
    },
    context: fromVariables(env => {
        const provider = env.BUILD_REPOSITORY_PROVIDER ?? '';
        return {
            ...fromUrl(env.BUILD_REPOSITORY_URI, env.BUILD_SOURCEVERSION, {}),
            branch: branchOfRef(env.SYSTEM_PULLREQUEST_SOURCEBRANCH || env.BUILD_SOURCEBRANCH),
            pullRequestNumber: number(env.SYSTEM_PULLREQUEST_PULLREQUESTNUMBER) ??
                number(env.SYSTEM_PULLREQUEST_PULLREQUESTID),
            repository: provider === 'GitHub'
                ? repositoryOfSlug(env.BUILD_REPOSITORY_NAME)
                : repositoryOfUrl(env.BUILD_REPOSITORY_URI),
            hostingService: Object.hasOwn(HOSTS, provider) ? HOSTS[provider] : undefined
        };
    })
};

;// CONCATENATED MODULE: ./src/core/ci/providers/bitbucket.ts


const bitbucket_BITBUCKET = {
    name: 'Bitbucket Pipelines',
    signals: [{ variable: 'BITBUCKET_BUILD_NUMBER' }],
    reads: {
        branch: '`BITBUCKET_BRANCH`',
        commit: '`BITBUCKET_COMMIT`',
        request: '`BITBUCKET_PR_ID`',
        repository: '`BITBUCKET_REPO_FULL_NAME`'
    },
    context: fromVariables(env => ({
        branch: env.BITBUCKET_BRANCH,
        sha: env.BITBUCKET_COMMIT,
        pullRequestNumber: number(env.BITBUCKET_PR_ID),
        repository: repositoryOfSlug(env.BITBUCKET_REPO_FULL_NAME),
        commitUrl: env.BITBUCKET_GIT_HTTP_ORIGIN && env.BITBUCKET_COMMIT
            ? `${env.BITBUCKET_GIT_HTTP_ORIGIN}/commits/${env.BITBUCKET_COMMIT}`
            : undefined,
        hostingService: 'Bitbucket'
    }))
};

;// CONCATENATED MODULE: ./src/core/ci/providers/bitrise.ts

const BITRISE = {
    name: 'Bitrise',
    signals: [{ variable: 'BITRISE_IO', value: 'true' }, { variable: 'BITRISE_BUILD_NUMBER' }],
    reads: {
        branch: '`BITRISE_GIT_BRANCH`',
        commit: '`BITRISE_GIT_COMMIT`, else `GIT_CLONE_COMMIT_HASH`',
        request: '`BITRISE_PULL_REQUEST`',
        repository: 'from `GIT_REPOSITORY_URL`'
    },
    context: fromVariables(env => 
    // BITRISE_APP_SLUG names the Bitrise app, not the repository: the clone URL does.
    fromUrl(env.GIT_REPOSITORY_URL, env.BITRISE_GIT_COMMIT || env.GIT_CLONE_COMMIT_HASH, {
        branch: env.BITRISE_GIT_BRANCH,
        pullRequestNumber: number(env.BITRISE_PULL_REQUEST)
    })),
    keyAdvice: env => env.BITRISE_PULL_REQUEST
        ? 'Bitrise withholds a secret from pull-request builds unless its "Expose for Pull Requests" is on'
        : "Add SERVICE_API_KEY under the app's Secrets and pass it as the step's api_key input (docs/bitrise.md)"
};

;// CONCATENATED MODULE: ./src/core/ci/providers/buildkite.ts

const BUILDKITE = {
    name: 'Buildkite',
    signals: [{ variable: 'BUILDKITE', value: 'true' }],
    reads: {
        branch: '`BUILDKITE_BRANCH`',
        commit: '`BUILDKITE_COMMIT`',
        request: '`BUILDKITE_PULL_REQUEST`',
        repository: 'from `BUILDKITE_REPO`'
    },
    context: fromVariables(env => fromUrl(env.BUILDKITE_REPO, env.BUILDKITE_COMMIT, {
        branch: env.BUILDKITE_BRANCH,
        // "false" when the build is not for a pull request.
        pullRequestNumber: number(env.BUILDKITE_PULL_REQUEST)
    }))
};

;// CONCATENATED MODULE: ./src/core/ci/providers/circleci.ts

const CIRCLECI = {
    name: 'CircleCI',
    signals: [{ variable: 'CIRCLECI', value: 'true' }],
    reads: {
        branch: '`CIRCLE_BRANCH`',
        commit: '`CIRCLE_SHA1`',
        request: '`CIRCLE_PR_NUMBER`, else from `CIRCLE_PULL_REQUEST`',
        repository: '`CIRCLE_PROJECT_USERNAME`/`CIRCLE_PROJECT_REPONAME`'
    },
    context: fromVariables(env => fromUrl(env.CIRCLE_REPOSITORY_URL, env.CIRCLE_SHA1, {
        // CIRCLE_BRANCH is the pull request's head branch too.
        branch: env.CIRCLE_BRANCH,
        pullRequestNumber: number(env.CIRCLE_PR_NUMBER) ?? number(/\/(\d+)$/.exec(env.CIRCLE_PULL_REQUEST ?? '')?.[1]),
        repository: env.CIRCLE_PROJECT_USERNAME && env.CIRCLE_PROJECT_REPONAME
            ? { owner: env.CIRCLE_PROJECT_USERNAME, name: env.CIRCLE_PROJECT_REPONAME }
            : undefined
    })),
    keyAdvice: env => env.CIRCLE_PR_NUMBER || env.CIRCLE_PR_REPONAME
        ? 'CircleCI gives a build of a forked pull request no secrets unless the project\'s "Pass secrets to builds from forked pull requests" is on'
        : "CircleCI reads SERVICE_API_KEY from the project's environment variables or a context: a context's variables reach only the jobs that name it with context: (docs/circleci.md)"
};

;// CONCATENATED MODULE: ./src/core/ci/providers/codemagic.ts


const CODEMAGIC = {
    name: 'Codemagic',
    signals: [{ variable: 'CM_BUILD_ID' }],
    reads: {
        branch: '`CM_BRANCH`',
        commit: '`CM_COMMIT`',
        request: '`CM_PULL_REQUEST_NUMBER` when `CM_PULL_REQUEST` is `true`',
        repository: '`CM_REPO_SLUG`'
    },
    context: fromVariables(env => ({
        branch: env.CM_BRANCH,
        sha: env.CM_COMMIT,
        // CM_PULL_REQUEST is the string "true" only for a pull request build.
        pullRequestNumber: env.CM_PULL_REQUEST === 'true' ? number(env.CM_PULL_REQUEST_NUMBER) : undefined,
        repository: repositoryOfSlug(env.CM_REPO_SLUG)
    }))
};

;// CONCATENATED MODULE: ./src/core/ci/providers/github.ts



/** The action's own derivation, from the event the runner describes: a pull request's head, never its merge commit. */
const GITHUB = {
    name: 'GitHub Actions',
    signals: [{ variable: 'GITHUB_ACTIONS', value: 'true' }],
    reads: {
        branch: 'as the action reads the event',
        commit: 'as the action reads the event',
        request: 'as the action reads the event',
        repository: '`GITHUB_REPOSITORY`'
    },
    context: (env, readFile) => {
        const { payload, note } = eventOf(env, readFile);
        const found = githubContext(env.GITHUB_EVENT_NAME ?? '', payload, env);
        return { ...found, notes: note ? [note, ...found.notes] : found.notes };
    },
    keyAdvice: env => {
        if (env.GITHUB_ACTOR === 'dependabot[bot]')
            return 'GitHub gives Dependabot\'s pull requests only Dependabot secrets: add SERVICE_API_KEY under Settings, Secrets and variables, Dependabot, or deploy from a workflow_run workflow (docs/action.md, "Pull requests from forks")';
        if (env.GITHUB_EVENT_NAME === 'pull_request')
            return 'GitHub gives a pull request from a fork no secrets: deploy its build from a workflow_run workflow (docs/action.md, "Pull requests from forks"); for a branch of this repository, add SERVICE_API_KEY under Settings, Secrets and variables, Actions, and pass it as ${{ secrets.SERVICE_API_KEY }}';
        return 'Add SERVICE_API_KEY under Settings, Secrets and variables, Actions (or the environment the job names), and pass it as ${{ secrets.SERVICE_API_KEY }}';
    }
};
/** The event payload GITHUB_EVENT_PATH names; unreadable means empty, with a note. */
function eventOf(env, readFile) {
    const path = env.GITHUB_EVENT_PATH;
    if (!path)
        return { payload: {} };
    try {
        return { payload: asObject(JSON.parse(readFile(path))) };
    }
    catch (error) {
        return {
            payload: {},
            note: `The workflow's event file could not be read (${(0,errors/* messageOf */.bD)(error)}); branch and commit come from GITHUB_REF and GITHUB_SHA.`
        };
    }
}

;// CONCATENATED MODULE: ./src/core/ci/providers/gitlab.ts

const GITLAB = {
    name: 'GitLab CI',
    signals: [{ variable: 'GITLAB_CI', value: 'true' }],
    reads: {
        branch: '`CI_MERGE_REQUEST_SOURCE_BRANCH_NAME`, else `CI_COMMIT_BRANCH`',
        commit: '`CI_MERGE_REQUEST_SOURCE_BRANCH_SHA`, else `CI_COMMIT_SHA`',
        request: '`CI_MERGE_REQUEST_IID`, sent as `merge_request_number`',
        repository: '`{namespace: CI_PROJECT_NAMESPACE, name: CI_PROJECT_NAME}`; `hosting_service: "GitLab"`'
    },
    context: fromVariables(env => {
        // In a merge request pipeline the source branch and its head, never the merged result.
        const sha = env.CI_MERGE_REQUEST_SOURCE_BRANCH_SHA || env.CI_COMMIT_SHA;
        return {
            branch: env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME || env.CI_COMMIT_BRANCH,
            sha,
            // The project-scoped number (IID), not the instance-wide id.
            mergeRequestNumber: number(env.CI_MERGE_REQUEST_IID),
            repository: env.CI_PROJECT_NAMESPACE && env.CI_PROJECT_NAME
                ? { namespace: env.CI_PROJECT_NAMESPACE, name: env.CI_PROJECT_NAME }
                : undefined,
            commitUrl: env.CI_PROJECT_URL && sha ? `${env.CI_PROJECT_URL}/-/commit/${sha}` : undefined,
            hostingService: 'GitLab'
        };
    }),
    keyAdvice: env => {
        const source = env.CI_MERGE_REQUEST_SOURCE_PROJECT_ID;
        if (source && env.CI_PROJECT_ID && source !== env.CI_PROJECT_ID)
            return "A merge request from a fork runs in the fork's project, without this project's CI/CD variables: run its pipeline in this project (Run pipeline on the merge request) or deploy after merging";
        if (env.CI_COMMIT_REF_PROTECTED === 'false')
            return 'GitLab gives a protected variable only to pipelines of protected branches and tags, and this ref is not protected: clear "Protect variable" on SERVICE_API_KEY (Settings, CI/CD, Variables) or protect the branch';
        return 'Add SERVICE_API_KEY under Settings, CI/CD, Variables, masked (docs/gitlab.md)';
    }
};

;// CONCATENATED MODULE: ./src/core/ci/providers/jenkins.ts

const JENKINS = {
    name: 'Jenkins',
    signals: [{ variable: 'JENKINS_URL' }],
    reads: {
        branch: '`CHANGE_BRANCH`, else `BRANCH_NAME`, else `GIT_BRANCH`',
        commit: '`GIT_COMMIT`',
        request: '`CHANGE_ID`',
        repository: 'from `GIT_URL`'
    },
    context: fromVariables(env => fromUrl(env.GIT_URL, env.GIT_COMMIT, {
        // A multibranch pull request job names its source in CHANGE_BRANCH.
        branch: env.CHANGE_BRANCH || env.BRANCH_NAME || env.GIT_BRANCH?.replace(/^origin\//, ''),
        pullRequestNumber: number(env.CHANGE_ID)
    })),
    keyAdvice: () => "Jenkins gives a credential only inside withCredentials: bind it with string(credentialsId: '…', variable: 'SERVICE_API_KEY') around the step (docs/jenkins.md)"
};

;// CONCATENATED MODULE: ./src/core/ci/providers/xcode-cloud.ts


const XCODE_CLOUD = {
    name: 'Xcode Cloud',
    // CI_* names are generic (GitLab's too, and GitLab comes first in the list); this one is Xcode Cloud's own.
    signals: [{ variable: 'CI_XCODEBUILD_ACTION' }],
    reads: {
        branch: '`CI_PULL_REQUEST_SOURCE_BRANCH`, else `CI_BRANCH`',
        commit: '`CI_PULL_REQUEST_SOURCE_COMMIT`, else `CI_COMMIT`',
        request: '`CI_PULL_REQUEST_NUMBER`',
        repository: '`CI_PULL_REQUEST_SOURCE_REPO`'
    },
    context: fromVariables(env => ({
        branch: env.CI_PULL_REQUEST_SOURCE_BRANCH || env.CI_BRANCH,
        sha: env.CI_PULL_REQUEST_SOURCE_COMMIT || env.CI_COMMIT,
        pullRequestNumber: number(env.CI_PULL_REQUEST_NUMBER),
        repository: repositoryOfSlug(env.CI_PULL_REQUEST_SOURCE_REPO)
    }))
};

;// CONCATENATED MODULE: ./src/core/ci/providers/index.ts
/**
 * The CIs whose variables are read, first match wins. Variable names checked
 * against each CI's documentation, with env-ci, ci-info and danger-js as
 * references; where those get a CI wrong (GitLab's merge request number, the
 * branch of a CircleCI pull request, Bitrise's repository) the CI's own
 * documentation decides. The CLI's help, docs/cli.md's table of the Git
 * context and the advice for an empty key all come from this list.
 */











const PROVIDERS = [
    GITLAB,
    GITHUB,
    BITRISE,
    CIRCLECI,
    JENKINS,
    AZURE,
    BUILDKITE,
    CODEMAGIC,
    XCODE_CLOUD,
    bitbucket_BITBUCKET
];
/** The CI this job runs on, by its variables; undefined outside a known CI. */
function detectProvider(env) {
    return PROVIDERS.find(provider => signalled(provider, env));
}
const SET_IT_UP = 'Pass the workspace API key, kept as a secret such as SERVICE_API_KEY (README.md, "Quick start on GitHub", shows where it is set)';
/**
 * Why a CI gave the job no API key, and where to set it. An empty key is
 * almost never a typo: each CI withholds secrets from some pipelines on
 * purpose (a fork's pull request, an unprotected branch, a job without its
 * context), and the fix is in the CI's settings, not in the step.
 */
function whyTheKeyIsEmpty(env) {
    return (env && detectProvider(env)?.keyAdvice?.(env)) ?? SET_IT_UP;
}
/** The Markdown table of the Git context on each CI, for docs/cli.md (npm run docs). */
function providersTable() {
    const rows = PROVIDERS.map(provider => {
        const detected = provider.signals.map(signal => `\`${signal.variable}\``).join(', or ');
        const { branch, commit, request, repository } = provider.reads;
        return `| ${provider.name} | ${detected} | ${branch} | ${commit} | ${request} | ${repository} |`;
    });
    return [
        '| CI | detected by | branch | commit | pull / merge request | repository |',
        '|---|---|---|---|---|---|',
        ...rows,
        '| anything else | — | `git rev-parse --abbrev-ref HEAD` | `git rev-parse HEAD` | — | from `git config remote.origin.url` |'
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/core/options/resolve.ts








/**
 * Pure: every option read, checked and completed before any request, and the
 * mode decided; anything wrong throws an `InputError` naming the option, the
 * problem and the fix. The same values give the same settings, or the same
 * error, from every front end.
 */
function resolveOptions(request) {
    const values = readAll(request);
    const read = key => values[key];
    const mode = modeOf(read, request);
    checkCombinations(read, mode, request);
    return settingsOf(read, mode, values, request);
}
/** Every option the front end offers for the command, read once; the key first, so that it is masked before any other. */
function readAll({ frontEnd, command, values, env }) {
    const read = (key) => {
        const spec = option_table/* OPTIONS */.lw[key];
        const value = readOption(key, values[key]) ??
            (spec.env?.frontEnds.includes(frontEnd) ? readOption(key, env?.[spec.env.name]) : undefined);
        return value ?? spec.default;
    };
    const required = {
        apiKey: whyTheKeyIsEmpty(env),
        baseUrl: 'Use the service URL, e.g. https://service.example.com'
    };
    // A skip speaks to GitHub alone: the service's key and URL are not asked of it.
    const skips = command === 'skip' || (command === undefined && read('skip') === true);
    const result = {};
    for (const key of optionsOf(frontEnd, command)) {
        const value = read(key);
        if (value !== undefined)
            result[key] = value;
        else if (required[key] && !skips)
            throw new errors/* InputError */.dz(key, 'is empty', required[key]);
    }
    return result;
}
/** The settings the deploy runs on: the options as read, in the units the code uses, and what is derived from them. */
function settingsOf(read, mode, values, request) {
    return {
        mode,
        values,
        apiKey: read('apiKey') ?? '',
        baseUrl: read('baseUrl') ?? '',
        maxAttempts: read('maxAttempts') ?? 1,
        minUploadBytesPerSecond: (read('minUploadKibPerSecond') ?? option_spec/* DEFAULT_MIN_UPLOAD_KIB_PER_SECOND */.DE) * 1024,
        failOnNoRun: read('failOnNoRun') ?? true,
        git: mode === 'terminate' ? {} : gitOf(read, request.derived ?? {}),
        wait: mode === 'wait' || (read('wait') === true && mode !== 'terminate'),
        waitTimeoutMs: Math.round(read('waitTimeoutMinutes') * 60_000),
        pollIntervalMs: Math.round(read('pollIntervalSeconds') * 1000),
        runIds: read('runId') ?? [],
        environmentRef: mode === 'terminate' ? environmentRef(read, gitOf(read, request.derived ?? {})) : undefined,
        // The CLI and the library, which offer neither, keep both with report-later (github/plan.ts).
        check: read('check') ?? true,
        prComment: read('prComment') ?? true,
        workingDirectory: request.workingDirectory
    };
}
/**
 * The Git context: the derived one, each field overridden by its option. A
 * commit of one's own choosing gets the derived link with its own hash, where
 * the link ends with the derived one; a number given on GitLab is a merge
 * request's.
 */
function gitOf(read, derived) {
    const sha = read('sha');
    const hostingService = read('hostingService') ?? derived.hostingService;
    const number = read('pullRequestNumber');
    const commitUrl = read('commitUrl') ??
        (sha === undefined
            ? derived.commitUrl
            : derived.sha && derived.commitUrl?.endsWith(derived.sha)
                ? `${derived.commitUrl.slice(0, -derived.sha.length)}${sha}`
                : undefined);
    const request = number === undefined
        ? {}
        : hostingService === 'GitLab'
            ? { mergeRequestNumber: number, pullRequestNumber: undefined }
            : { pullRequestNumber: number, mergeRequestNumber: undefined };
    const git = {
        ...derived,
        branch: read('branch') ?? derived.branch,
        sha: sha ?? derived.sha,
        commitUrl,
        deploymentUrl: read('deploymentUrl') ?? derived.deploymentUrl,
        hostingService,
        mergeRequestNumber: read('mergeRequestNumber') ?? derived.mergeRequestNumber,
        repository: read('repository') ?? derived.repository,
        ...request
    };
    return Object.fromEntries(Object.entries(git).filter(([, value]) => value !== undefined && value !== ''));
}
/**
 * Which preview environment to end, from the options that can name it;
 * exactly one must. `namePrefix` names the pull request's environment as the
 * deploy named it, by the naming convention: `<prefix>-<owner>-<repo>-pr<N>`.
 */
function environmentRef(read, git) {
    const keys = ['environmentId', 'environmentAlias', 'deploymentUrl', 'namePrefix'];
    const named = keys.filter(key => read(key) !== undefined);
    if (named.length !== 1) {
        const all = `${(0,option_refs/* ref */.KR)('environmentId')}, ${(0,option_refs/* ref */.KR)('environmentAlias')}, ${(0,option_refs/* ref */.KR)('deploymentUrl')} or ${(0,option_refs/* ref */.KR)('namePrefix')}`;
        throw new errors/* InputError */.dz(named[1] ?? 'environmentId', named.length === 0
            ? 'is empty, and so are the other ways to name the environment'
            : `is set beside ${(0,option_refs/* ref */.KR)(named[0])}`, `Name the environment to end with exactly one of ${all}`);
    }
    const key = named[0];
    if (key !== 'namePrefix')
        return { [key]: read(key) };
    const prefix = read('namePrefix');
    if (prefix.all === undefined)
        throw new errors/* InputError */.dz('namePrefix', 'gives a prefix per platform, and ending an environment names one', `End each platform's environment in a step of its own, with its own ${(0,option_refs/* ref */.KR)('namePrefix')}`);
    const alias = conventionalDestination({
        prefix: prefix.all,
        extension: '',
        pullRequestNumber: git.pullRequestNumber ?? git.mergeRequestNumber,
        repository: git.repository
    });
    if ('problem' in alias)
        throw new errors/* InputError */.dz('namePrefix', `names a pull request's environment, and ${alias.problem.replace(/^needs either an environment or a pull request: .*$/, 'no pull request is known')}`, `End it from the pull request's own event (pull_request: closed) or merge request pipeline, where its number is known, or name it with ${(0,option_refs/* ref */.KR)('environmentAlias')}`);
    return { environmentAlias: alias.destination };
}

// EXTERNAL MODULE: ./src/core/github/answers.ts
var answers = __nccwpck_require__(2368);
// EXTERNAL MODULE: ./src/core/shared/url-parts.ts
var url_parts = __nccwpck_require__(123);
;// CONCATENATED MODULE: ./src/core/deploy/pull-request.ts






/** The longest the pull request of a fork's workflow_run is looked for, before the upload that is named after it. */
const LOOKUP_MS = 10_000;
/**
 * Asks GitHub once for the open pull request whose head is the lookup's;
 * resolves its number, or undefined when none has that head. Throws a
 * sentence for a person when GitHub could not tell (no token, a refusal, no
 * answer within LOOKUP_MS): the deploy then goes on without a number.
 */
async function findPullRequest(lookup, token, { frontEnd, timeouts, signal }) {
    if (!token)
        throw new Error('no GitHub token was given to ask GitHub for it');
    const { owner, name } = lookup.repository;
    const query = new URLSearchParams({
        head: `${lookup.owner}:${lookup.branch}`,
        state: 'open',
        per_page: '100'
    });
    const path = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/pulls`;
    const response = await (0,send/* send */.tN)({
        method: 'GET',
        url: `${lookup.apiUrl}${path}?${query}`,
        label: `GET ${lookup.apiUrl}${path}`,
        headers: {
            accept: 'application/vnd.github+json',
            authorization: `Bearer ${token}`,
            'x-github-api-version': answers/* API_VERSION */.mG
        }
    }, { timeouts, userAgent: (0,version/* userAgent */.N1)(frontEnd) }, { signal, deadline: shared_clock/* clock */.pm.now() + LOOKUP_MS });
    if (response.body && !(0,url_parts/* isJsonType */.vs)(String(response.headers['content-type'] ?? '')))
        throw (0,answers/* foreignAnswer */.XL)(response.status, `GET ${lookup.apiUrl}${path}`, String(response.headers['content-type'] ?? ''), response.body, lookup.apiUrl);
    if (response.status !== 200)
        throw new Error(`GitHub answered ${response.status}; the token needs pull-requests: read`);
    let pulls;
    try {
        pulls = JSON.parse(response.body);
    }
    catch (error) {
        throw new Error(`GitHub's answer could not be read (${(0,errors/* messageOf */.bD)(error)})`, { cause: error });
    }
    if (!Array.isArray(pulls))
        throw new Error("GitHub's answer is not a list of pull requests");
    const pull = pulls.map(asObject).find(candidate => asObject(candidate.head).sha === lookup.sha);
    return pull && Number.isSafeInteger(pull.number) ? Number(pull.number) : undefined;
}
/**
 * The pull request of a fork's workflow_run, looked up once before the
 * deploy's first step, as part of what the CI tells (the settings are
 * derived again with it; nothing writes them after): its number, or
 * undefined when there is none to look for, none has that head, or GitHub
 * could not tell (a notice), and the deploy goes on without one.
 */
async function pullRequestOfRun(lookup, token, context, log) {
    if (!lookup)
        return undefined;
    try {
        const number = await findPullRequest(lookup, token, context);
        if (number === undefined)
            log.info('No open pull request has the head of the triggering run; none is named.');
        return number;
    }
    catch (error) {
        if (context.signal?.aborted)
            throw error;
        log.notice(`The pull request of the triggering run could not be found (${(0,errors/* messageOf */.bD)(error)}); none is named. The token needs pull-requests: read.`, 'Pull request unknown');
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/core/deploy/settle.ts



/** The modes whose Git context names a pull request: a fork's is looked up for them. */
const NAMES_A_PULL_REQUEST = ['deploy', 'upload', 'notify', 'plain'];
/**
 * The settings the step runs on: the options read and checked, with the Git
 * context the CI tells, and the paths its reports go to usable; a fork's pull request, looked up once, is part of
 * what it tells, so the settings are derived again with it. Nothing writes
 * them after.
 */
async function settle(command, values, hooks, output, limits) {
    const derived = (git) => resolveOptions({
        frontEnd: hooks.frontEnd,
        command,
        values,
        derived: git,
        env: hooks.env,
        workingDirectory: hooks.workingDirectory
    });
    const settings = derived(hooks.ci?.git);
    output.secrets.add(settings.apiKey);
    output.secrets.add(settings.values.githubToken);
    output.secrets.add(settings.values.gitlabToken);
    output.secrets.add(settings.values.bitbucketToken);
    // A report that could never be written is bad usage, found before the first request (a fork's lookup below).
    await ensureReportPaths(settings.values, settings.workingDirectory);
    if (!NAMES_A_PULL_REQUEST.includes(settings.mode))
        return settings;
    const number = await pullRequestOfRun(hooks.ci?.pullRequestLookup, settings.values.githubToken, { frontEnd: hooks.frontEnd, timeouts: limits.timeouts, signal: hooks.signal }, output.log);
    return number === undefined ? settings : derived({ ...hooks.ci?.git, pullRequestNumber: number });
}

// EXTERNAL MODULE: external "fs"
var external_fs_ = __nccwpck_require__(9896);
var external_fs_namespaceObject = /*#__PURE__*/__nccwpck_require__.t(external_fs_, 2);
// EXTERNAL MODULE: external "path"
var external_path_ = __nccwpck_require__(6928);
;// CONCATENATED MODULE: external "url"
const external_url_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("url");
;// CONCATENATED MODULE: external "module"
const external_module_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("module");
;// CONCATENATED MODULE: ./node_modules/fdir/dist/index.mjs




//#region rolldown:runtime
var __require = /* @__PURE__ */ (0,external_module_namespaceObject.createRequire)(import.meta.url);

//#endregion
//#region src/utils.ts
function cleanPath(path) {
	let normalized = (0,external_path_.normalize)(path);
	if (normalized.length > 1 && normalized[normalized.length - 1] === external_path_.sep) normalized = normalized.substring(0, normalized.length - 1);
	return normalized;
}
const SLASHES_REGEX = /[\\/]/g;
function convertSlashes(path, separator) {
	return path.replace(SLASHES_REGEX, separator);
}
const WINDOWS_ROOT_DIR_REGEX = /^[a-z]:[\\/]$/i;
function isRootDirectory(path) {
	return path === "/" || WINDOWS_ROOT_DIR_REGEX.test(path);
}
function normalizePath(path, options) {
	const { resolvePaths, normalizePath: normalizePath$1, pathSeparator } = options;
	const pathNeedsCleaning = process.platform === "win32" && path.includes("/") || path.startsWith(".");
	if (resolvePaths) path = (0,external_path_.resolve)(path);
	if (normalizePath$1 || pathNeedsCleaning) path = cleanPath(path);
	if (path === ".") return "";
	const needsSeperator = path[path.length - 1] !== pathSeparator;
	return convertSlashes(needsSeperator ? path + pathSeparator : path, pathSeparator);
}

//#endregion
//#region src/api/functions/join-path.ts
function joinPathWithBasePath(filename, directoryPath) {
	return directoryPath + filename;
}
function joinPathWithRelativePath(root, options) {
	return function(filename, directoryPath) {
		const sameRoot = directoryPath.startsWith(root);
		if (sameRoot) return directoryPath.slice(root.length) + filename;
		else return convertSlashes((0,external_path_.relative)(root, directoryPath), options.pathSeparator) + options.pathSeparator + filename;
	};
}
function joinPath(filename) {
	return filename;
}
function joinDirectoryPath(filename, directoryPath, separator) {
	return directoryPath + filename + separator;
}
function build$7(root, options) {
	const { relativePaths, includeBasePath } = options;
	return relativePaths && root ? joinPathWithRelativePath(root, options) : includeBasePath ? joinPathWithBasePath : joinPath;
}

//#endregion
//#region src/api/functions/push-directory.ts
function pushDirectoryWithRelativePath(root) {
	return function(directoryPath, paths) {
		paths.push(directoryPath.substring(root.length) || ".");
	};
}
function pushDirectoryFilterWithRelativePath(root) {
	return function(directoryPath, paths, filters) {
		const relativePath = directoryPath.substring(root.length) || ".";
		if (filters.every((filter) => filter(relativePath, true))) paths.push(relativePath);
	};
}
const pushDirectory = (directoryPath, paths) => {
	paths.push(directoryPath || ".");
};
const pushDirectoryFilter = (directoryPath, paths, filters) => {
	const path = directoryPath || ".";
	if (filters.every((filter) => filter(path, true))) paths.push(path);
};
const empty$2 = () => {};
function build$6(root, options) {
	const { includeDirs, filters, relativePaths } = options;
	if (!includeDirs) return empty$2;
	if (relativePaths) return filters && filters.length ? pushDirectoryFilterWithRelativePath(root) : pushDirectoryWithRelativePath(root);
	return filters && filters.length ? pushDirectoryFilter : pushDirectory;
}

//#endregion
//#region src/api/functions/push-file.ts
const pushFileFilterAndCount = (filename, _paths, counts, filters) => {
	if (filters.every((filter) => filter(filename, false))) counts.files++;
};
const pushFileFilter = (filename, paths, _counts, filters) => {
	if (filters.every((filter) => filter(filename, false))) paths.push(filename);
};
const pushFileCount = (_filename, _paths, counts, _filters) => {
	counts.files++;
};
const pushFile = (filename, paths) => {
	paths.push(filename);
};
const empty$1 = () => {};
function build$5(options) {
	const { excludeFiles, filters, onlyCounts } = options;
	if (excludeFiles) return empty$1;
	if (filters && filters.length) return onlyCounts ? pushFileFilterAndCount : pushFileFilter;
	else if (onlyCounts) return pushFileCount;
	else return pushFile;
}

//#endregion
//#region src/api/functions/get-array.ts
const getArray = (paths) => {
	return paths;
};
const getArrayGroup = () => {
	return [""].slice(0, 0);
};
function build$4(options) {
	return options.group ? getArrayGroup : getArray;
}

//#endregion
//#region src/api/functions/group-files.ts
const groupFiles = (groups, directory, files) => {
	groups.push({
		directory,
		files,
		dir: directory
	});
};
const empty = () => {};
function build$3(options) {
	return options.group ? groupFiles : empty;
}

//#endregion
//#region src/api/functions/resolve-symlink.ts
const resolveSymlinksAsync = function(path, state, callback$1) {
	const { queue, fs, options: { suppressErrors } } = state;
	queue.enqueue();
	fs.realpath(path, (error, resolvedPath) => {
		if (error) return queue.dequeue(suppressErrors ? null : error, state);
		fs.stat(resolvedPath, (error$1, stat) => {
			if (error$1) return queue.dequeue(suppressErrors ? null : error$1, state);
			if (stat.isDirectory() && isRecursive(path, resolvedPath, state)) return queue.dequeue(null, state);
			callback$1(stat, resolvedPath);
			queue.dequeue(null, state);
		});
	});
};
const resolveSymlinks = function(path, state, callback$1) {
	const { queue, fs, options: { suppressErrors } } = state;
	queue.enqueue();
	try {
		const resolvedPath = fs.realpathSync(path);
		const stat = fs.statSync(resolvedPath);
		if (stat.isDirectory() && isRecursive(path, resolvedPath, state)) return;
		callback$1(stat, resolvedPath);
	} catch (e) {
		if (!suppressErrors) throw e;
	}
};
function build$2(options, isSynchronous) {
	if (!options.resolveSymlinks || options.excludeSymlinks) return null;
	return isSynchronous ? resolveSymlinks : resolveSymlinksAsync;
}
function isRecursive(path, resolved, state) {
	if (state.options.useRealPaths) return isRecursiveUsingRealPaths(resolved, state);
	let parent = (0,external_path_.dirname)(path);
	let depth = 1;
	while (parent !== state.root && depth < 2) {
		const resolvedPath = state.symlinks.get(parent);
		const isSameRoot = !!resolvedPath && (resolvedPath === resolved || resolvedPath.startsWith(resolved) || resolved.startsWith(resolvedPath));
		if (isSameRoot) depth++;
		else parent = (0,external_path_.dirname)(parent);
	}
	state.symlinks.set(path, resolved);
	return depth > 1;
}
function isRecursiveUsingRealPaths(resolved, state) {
	return state.visited.includes(resolved + state.options.pathSeparator);
}

//#endregion
//#region src/api/functions/invoke-callback.ts
const onlyCountsSync = (state) => {
	return state.counts;
};
const groupsSync = (state) => {
	return state.groups;
};
const defaultSync = (state) => {
	return state.paths;
};
const limitFilesSync = (state) => {
	return state.paths.slice(0, state.options.maxFiles);
};
const onlyCountsAsync = (state, error, callback$1) => {
	report(error, callback$1, state.counts, state.options.suppressErrors);
	return null;
};
const defaultAsync = (state, error, callback$1) => {
	report(error, callback$1, state.paths, state.options.suppressErrors);
	return null;
};
const limitFilesAsync = (state, error, callback$1) => {
	report(error, callback$1, state.paths.slice(0, state.options.maxFiles), state.options.suppressErrors);
	return null;
};
const groupsAsync = (state, error, callback$1) => {
	report(error, callback$1, state.groups, state.options.suppressErrors);
	return null;
};
function report(error, callback$1, output, suppressErrors) {
	if (error && !suppressErrors) callback$1(error, output);
	else callback$1(null, output);
}
function build$1(options, isSynchronous) {
	const { onlyCounts, group, maxFiles } = options;
	if (onlyCounts) return isSynchronous ? onlyCountsSync : onlyCountsAsync;
	else if (group) return isSynchronous ? groupsSync : groupsAsync;
	else if (maxFiles) return isSynchronous ? limitFilesSync : limitFilesAsync;
	else return isSynchronous ? defaultSync : defaultAsync;
}

//#endregion
//#region src/api/functions/walk-directory.ts
const readdirOpts = { withFileTypes: true };
const walkAsync = (state, crawlPath, directoryPath, currentDepth, callback$1) => {
	state.queue.enqueue();
	if (currentDepth < 0) return state.queue.dequeue(null, state);
	const { fs } = state;
	state.visited.push(crawlPath);
	state.counts.directories++;
	fs.readdir(crawlPath || ".", readdirOpts, (error, entries = []) => {
		callback$1(entries, directoryPath, currentDepth);
		state.queue.dequeue(state.options.suppressErrors ? null : error, state);
	});
};
const walkSync = (state, crawlPath, directoryPath, currentDepth, callback$1) => {
	const { fs } = state;
	if (currentDepth < 0) return;
	state.visited.push(crawlPath);
	state.counts.directories++;
	let entries = [];
	try {
		entries = fs.readdirSync(crawlPath || ".", readdirOpts);
	} catch (e) {
		if (!state.options.suppressErrors) throw e;
	}
	callback$1(entries, directoryPath, currentDepth);
};
function build(isSynchronous) {
	return isSynchronous ? walkSync : walkAsync;
}

//#endregion
//#region src/api/queue.ts
/**
* This is a custom stateless queue to track concurrent async fs calls.
* It increments a counter whenever a call is queued and decrements it
* as soon as it completes. When the counter hits 0, it calls onQueueEmpty.
*/
var dist_Queue = class {
	count = 0;
	constructor(onQueueEmpty) {
		this.onQueueEmpty = onQueueEmpty;
	}
	enqueue() {
		this.count++;
		return this.count;
	}
	dequeue(error, output) {
		if (this.onQueueEmpty && (--this.count <= 0 || error)) {
			this.onQueueEmpty(error, output);
			if (error) {
				output.controller.abort();
				this.onQueueEmpty = void 0;
			}
		}
	}
};

//#endregion
//#region src/api/counter.ts
var Counter = class {
	_files = 0;
	_directories = 0;
	set files(num) {
		this._files = num;
	}
	get files() {
		return this._files;
	}
	set directories(num) {
		this._directories = num;
	}
	get directories() {
		return this._directories;
	}
	/**
	* @deprecated use `directories` instead
	*/
	/* c8 ignore next 3 */
	get dirs() {
		return this._directories;
	}
};

//#endregion
//#region src/api/aborter.ts
/**
* AbortController is not supported on Node 14 so we use this until we can drop
* support for Node 14.
*/
var Aborter = class {
	aborted = false;
	abort() {
		this.aborted = true;
	}
};

//#endregion
//#region src/api/walker.ts
var Walker = class {
	root;
	isSynchronous;
	state;
	joinPath;
	pushDirectory;
	pushFile;
	getArray;
	groupFiles;
	resolveSymlink;
	walkDirectory;
	callbackInvoker;
	constructor(root, options, callback$1) {
		this.isSynchronous = !callback$1;
		this.callbackInvoker = build$1(options, this.isSynchronous);
		this.root = normalizePath(root, options);
		this.state = {
			root: isRootDirectory(this.root) ? this.root : this.root.slice(0, -1),
			paths: [""].slice(0, 0),
			groups: [],
			counts: new Counter(),
			options,
			queue: new dist_Queue((error, state) => this.callbackInvoker(state, error, callback$1)),
			symlinks: /* @__PURE__ */ new Map(),
			visited: [""].slice(0, 0),
			controller: new Aborter(),
			fs: options.fs || external_fs_namespaceObject
		};
		this.joinPath = build$7(this.root, options);
		this.pushDirectory = build$6(this.root, options);
		this.pushFile = build$5(options);
		this.getArray = build$4(options);
		this.groupFiles = build$3(options);
		this.resolveSymlink = build$2(options, this.isSynchronous);
		this.walkDirectory = build(this.isSynchronous);
	}
	start() {
		this.pushDirectory(this.root, this.state.paths, this.state.options.filters);
		this.walkDirectory(this.state, this.root, this.root, this.state.options.maxDepth, this.walk);
		return this.isSynchronous ? this.callbackInvoker(this.state, null) : null;
	}
	walk = (entries, directoryPath, depth) => {
		const { paths, options: { filters, resolveSymlinks: resolveSymlinks$1, excludeSymlinks, exclude, maxFiles, signal, useRealPaths, pathSeparator }, controller } = this.state;
		if (controller.aborted || signal && signal.aborted || maxFiles && paths.length > maxFiles) return;
		const files = this.getArray(this.state.paths);
		for (let i = 0; i < entries.length; ++i) {
			const entry = entries[i];
			if (entry.isFile() || entry.isSymbolicLink() && !resolveSymlinks$1 && !excludeSymlinks) {
				const filename = this.joinPath(entry.name, directoryPath);
				this.pushFile(filename, files, this.state.counts, filters);
			} else if (entry.isDirectory()) {
				let path = joinDirectoryPath(entry.name, directoryPath, this.state.options.pathSeparator);
				if (exclude && exclude(entry.name, path)) continue;
				this.pushDirectory(path, paths, filters);
				this.walkDirectory(this.state, path, path, depth - 1, this.walk);
			} else if (this.resolveSymlink && entry.isSymbolicLink()) {
				let path = joinPathWithBasePath(entry.name, directoryPath);
				this.resolveSymlink(path, this.state, (stat, resolvedPath) => {
					if (stat.isDirectory()) {
						resolvedPath = normalizePath(resolvedPath, this.state.options);
						if (exclude && exclude(entry.name, useRealPaths ? resolvedPath : path + pathSeparator)) return;
						this.walkDirectory(this.state, resolvedPath, useRealPaths ? resolvedPath : path + pathSeparator, depth - 1, this.walk);
					} else {
						resolvedPath = useRealPaths ? resolvedPath : path;
						const filename = (0,external_path_.basename)(resolvedPath);
						const directoryPath$1 = normalizePath((0,external_path_.dirname)(resolvedPath), this.state.options);
						resolvedPath = this.joinPath(filename, directoryPath$1);
						this.pushFile(resolvedPath, files, this.state.counts, filters);
					}
				});
			}
		}
		this.groupFiles(this.state.groups, directoryPath, files);
	};
};

//#endregion
//#region src/api/async.ts
function promise(root, options) {
	return new Promise((resolve$1, reject) => {
		callback(root, options, (err, output) => {
			if (err) return reject(err);
			resolve$1(output);
		});
	});
}
function callback(root, options, callback$1) {
	let walker = new Walker(root, options, callback$1);
	walker.start();
}

//#endregion
//#region src/api/sync.ts
function sync(root, options) {
	const walker = new Walker(root, options);
	return walker.start();
}

//#endregion
//#region src/builder/api-builder.ts
var APIBuilder = class {
	constructor(root, options) {
		this.root = root;
		this.options = options;
	}
	withPromise() {
		return promise(this.root, this.options);
	}
	withCallback(cb) {
		callback(this.root, this.options, cb);
	}
	sync() {
		return sync(this.root, this.options);
	}
};

//#endregion
//#region src/builder/index.ts
let pm = null;
/* c8 ignore next 6 */
try {
	__require.resolve("picomatch");
	pm = __require("picomatch");
} catch {}
var Builder = class {
	globCache = {};
	options = {
		maxDepth: Infinity,
		suppressErrors: true,
		pathSeparator: external_path_.sep,
		filters: []
	};
	globFunction;
	constructor(options) {
		this.options = {
			...this.options,
			...options
		};
		this.globFunction = this.options.globFunction;
	}
	group() {
		this.options.group = true;
		return this;
	}
	withPathSeparator(separator) {
		this.options.pathSeparator = separator;
		return this;
	}
	withBasePath() {
		this.options.includeBasePath = true;
		return this;
	}
	withRelativePaths() {
		this.options.relativePaths = true;
		return this;
	}
	withDirs() {
		this.options.includeDirs = true;
		return this;
	}
	withMaxDepth(depth) {
		this.options.maxDepth = depth;
		return this;
	}
	withMaxFiles(limit) {
		this.options.maxFiles = limit;
		return this;
	}
	withFullPaths() {
		this.options.resolvePaths = true;
		this.options.includeBasePath = true;
		return this;
	}
	withErrors() {
		this.options.suppressErrors = false;
		return this;
	}
	withSymlinks({ resolvePaths = true } = {}) {
		this.options.resolveSymlinks = true;
		this.options.useRealPaths = resolvePaths;
		return this.withFullPaths();
	}
	withAbortSignal(signal) {
		this.options.signal = signal;
		return this;
	}
	normalize() {
		this.options.normalizePath = true;
		return this;
	}
	filter(predicate) {
		this.options.filters.push(predicate);
		return this;
	}
	onlyDirs() {
		this.options.excludeFiles = true;
		this.options.includeDirs = true;
		return this;
	}
	exclude(predicate) {
		this.options.exclude = predicate;
		return this;
	}
	onlyCounts() {
		this.options.onlyCounts = true;
		return this;
	}
	crawl(root) {
		return new APIBuilder(root || ".", this.options);
	}
	withGlobFunction(fn) {
		this.globFunction = fn;
		return this;
	}
	/**
	* @deprecated Pass options using the constructor instead:
	* ```ts
	* new fdir(options).crawl("/path/to/root");
	* ```
	* This method will be removed in v7.0
	*/
	/* c8 ignore next 4 */
	crawlWithOptions(root, options) {
		this.options = {
			...this.options,
			...options
		};
		return new APIBuilder(root || ".", this.options);
	}
	glob(...patterns) {
		if (this.globFunction) return this.globWithOptions(patterns);
		return this.globWithOptions(patterns, ...[{ dot: true }]);
	}
	globWithOptions(patterns, ...options) {
		const globFn = this.globFunction || pm;
		/* c8 ignore next 5 */
		if (!globFn) throw new Error("Please specify a glob function to use glob matching.");
		var isMatch = this.globCache[patterns.join("\0")];
		if (!isMatch) {
			isMatch = globFn(patterns, ...options);
			this.globCache[patterns.join("\0")] = isMatch;
		}
		this.options.filters.push((path) => isMatch(path));
		return this;
	}
};

//#endregion

// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __nccwpck_require__(4006);
;// CONCATENATED MODULE: ./node_modules/tinyglobby/dist/index.mjs





//#region src/utils.ts
const isReadonlyArray = Array.isArray;
const BACKSLASHES = /\\/g;
const DRIVE_RELATIVE_PATH = /^[A-Za-z]:$/;
const isWin = process.platform === "win32";
const ONLY_PARENT_DIRECTORIES = /^(\/?\.\.)+$/;
function getPartialMatcher(patterns, options = {}) {
	const patternsCount = patterns.length;
	const patternsParts = Array(patternsCount);
	const matchers = Array(patternsCount);
	let i, j;
	for (i = 0; i < patternsCount; i++) {
		const parts = splitPattern(patterns[i]);
		patternsParts[i] = parts;
		const partsCount = parts.length;
		const partMatchers = Array(partsCount);
		for (j = 0; j < partsCount; j++) partMatchers[j] = picomatch(parts[j], options);
		matchers[i] = partMatchers;
	}
	return (input) => {
		const inputParts = input.split("/");
		if (inputParts[0] === ".." && ONLY_PARENT_DIRECTORIES.test(input)) return true;
		for (i = 0; i < patternsCount; i++) {
			const patternParts = patternsParts[i];
			const matcher = matchers[i];
			const inputPatternCount = inputParts.length;
			const minParts = Math.min(inputPatternCount, patternParts.length);
			j = 0;
			while (j < minParts) {
				const part = patternParts[j];
				if (part.includes("/")) return true;
				if (!matcher[j](inputParts[j])) break;
				if (!options.noglobstar && part === "**") return true;
				j++;
			}
			if (j === inputPatternCount) return true;
		}
		return false;
	};
}
/* node:coverage ignore next 2 */
const WIN32_ROOT_DIR = /^[A-Z]:\/$/i;
const isRoot = isWin ? (p) => WIN32_ROOT_DIR.test(p) : (p) => p === "/";
function buildFormat(cwd, root, absolute) {
	if (cwd === root || root.startsWith(`${cwd}/`)) {
		if (absolute) {
			const start = cwd.length + +!isRoot(cwd);
			return (p, isDir) => p.slice(start, isDir ? -1 : void 0) || ".";
		}
		const prefix = root.slice(cwd.length + 1);
		if (prefix) return (p, isDir) => {
			if (p === ".") return prefix;
			const result = `${prefix}/${p}`;
			return isDir ? result.slice(0, -1) : result;
		};
		return (p, isDir) => isDir && p !== "." ? p.slice(0, -1) : p;
	}
	if (absolute) return (p) => external_path_.posix.relative(cwd, p) || ".";
	return (p) => external_path_.posix.relative(cwd, `${root}/${p}`) || ".";
}
function buildRelative(cwd, root) {
	if (root.startsWith(`${cwd}/`)) {
		const prefix = root.slice(cwd.length + 1);
		return (p) => `${prefix}/${p}`;
	}
	return (p) => {
		const result = external_path_.posix.relative(cwd, `${root}/${p}`);
		return p[p.length - 1] === "/" && result !== "" ? `${result}/` : result || ".";
	};
}
function ensureNonDriveRelativePath(path) {
	return path.replace(DRIVE_RELATIVE_PATH, (match) => `${match}/`);
}
const splitPatternOptions = { parts: true };
function splitPattern(path) {
	var _result$parts;
	const result = picomatch.scan(path, splitPatternOptions);
	return ((_result$parts = result.parts) === null || _result$parts === void 0 ? void 0 : _result$parts.length) ? result.parts : [path];
}
const ESCAPED_WIN32_BACKSLASHES = /\\(?![()[\]{}!+@])/g;
function convertPosixPathToPattern(path) {
	return escapePosixPath(path);
}
function convertWin32PathToPattern(path) {
	return escapeWin32Path(path).replace(ESCAPED_WIN32_BACKSLASHES, "/");
}
/**
* Converts a path to a pattern depending on the platform.
* Identical to {@link escapePath} on POSIX systems.
* @see {@link https://superchupu.dev/tinyglobby/documentation#convertPathToPattern}
*/
/* node:coverage ignore next 3 */
const convertPathToPattern = (/* unused pure expression or super */ null && (isWin ? convertWin32PathToPattern : convertPosixPathToPattern));
const POSIX_UNESCAPED_GLOB_SYMBOLS = /(?<!\\)([()[\]{}*?|]|^!|[!+@](?=\()|\\(?![()[\]{}!*+?@|]))/g;
const WIN32_UNESCAPED_GLOB_SYMBOLS = /(?<!\\)([()[\]{}]|^!|[!+@](?=\())/g;
const escapePosixPath = (path) => path.replace(POSIX_UNESCAPED_GLOB_SYMBOLS, "\\$&");
const escapeWin32Path = (path) => path.replace(WIN32_UNESCAPED_GLOB_SYMBOLS, "\\$&");
/**
* Escapes a path's special characters depending on the platform.
* @see {@link https://superchupu.dev/tinyglobby/documentation#escapePath}
*/
/* node:coverage ignore next */
const escapePath = isWin ? escapeWin32Path : escapePosixPath;
/**
* Checks if a pattern has dynamic parts.
*
* Has a few minor differences with [`fast-glob`](https://github.com/mrmlnc/fast-glob) for better accuracy:
*
* - Doesn't necessarily return `false` on patterns that include `\`.
* - Returns `true` if the pattern includes parentheses, regardless of them representing one single pattern or not.
* - Returns `true` for unfinished glob extensions i.e. `(h`, `+(h`.
* - Returns `true` for unfinished brace expansions as long as they include `,` or `..`.
*
* @see {@link https://superchupu.dev/tinyglobby/documentation#isDynamicPattern}
*/
function isDynamicPattern(pattern, options) {
	if ((options === null || options === void 0 ? void 0 : options.caseSensitiveMatch) === false) return true;
	const scan = picomatch.scan(pattern);
	return scan.isGlob || scan.negated;
}
function log(...tasks) {
	console.log(`[tinyglobby ${(/* @__PURE__ */ new Date()).toLocaleTimeString("es")}]`, ...tasks);
}
function ensureStringArray(value) {
	return typeof value === "string" ? [value] : value !== null && value !== void 0 ? value : [];
}
//#endregion
//#region src/patterns.ts
const PARENT_DIRECTORY = /^(\/?\.\.)+/;
const ESCAPING_BACKSLASHES = /\\(?=[()[\]{}!*+?@|])/g;
function normalizePattern(pattern, opts, props, isIgnore) {
	var _PARENT_DIRECTORY$exe;
	const cwd = opts.cwd;
	let result = pattern;
	if (pattern[pattern.length - 1] === "/") result = pattern.slice(0, -1);
	if (result[result.length - 1] !== "*" && opts.expandDirectories) result += "/**";
	const escapedCwd = escapePath(cwd);
	result = (0,external_path_.isAbsolute)(result.replace(ESCAPING_BACKSLASHES, "")) ? external_path_.posix.relative(escapedCwd, result) : external_path_.posix.normalize(result);
	const parentDir = (_PARENT_DIRECTORY$exe = PARENT_DIRECTORY.exec(result)) === null || _PARENT_DIRECTORY$exe === void 0 ? void 0 : _PARENT_DIRECTORY$exe[0];
	const parts = splitPattern(result);
	if (parentDir) {
		const n = (parentDir.length + 1) / 3;
		let i = 0;
		const cwdParts = escapedCwd.split("/");
		while (i < n && parts[i + n] === cwdParts[cwdParts.length + i - n]) {
			result = result.slice(0, (n - i - 1) * 3) + result.slice((n - i) * 3 + parts[i + n].length + 1) || ".";
			i++;
		}
		const potentialRoot = external_path_.posix.join(cwd, parentDir.slice(i * 3));
		if (potentialRoot[0] !== "." && props.root.length > potentialRoot.length) {
			props.root = ensureNonDriveRelativePath(potentialRoot);
			props.depthOffset = -n + i;
		}
	}
	if (!isIgnore && props.depthOffset >= 0) {
		var _props$commonPath;
		(_props$commonPath = props.commonPath) !== null && _props$commonPath !== void 0 || (props.commonPath = parts);
		const newCommonPath = [];
		const length = Math.min(props.commonPath.length, parts.length);
		for (let i = 0; i < length; i++) {
			const part = parts[i];
			if (part === "**" && !parts[i + 1]) {
				newCommonPath.pop();
				break;
			}
			if (i === parts.length - 1 || part !== props.commonPath[i] || isDynamicPattern(part)) break;
			newCommonPath.push(part);
		}
		props.depthOffset = newCommonPath.length;
		props.commonPath = newCommonPath;
		props.root = ensureNonDriveRelativePath(newCommonPath.length > 0 ? external_path_.posix.join(cwd, ...newCommonPath) : cwd);
	}
	return result;
}
function processPatterns(options, patterns, props) {
	const matchPatterns = [];
	const ignorePatterns = [];
	for (const pattern of options.ignore) {
		if (!pattern) continue;
		if (pattern[0] !== "!" || pattern[1] === "(") ignorePatterns.push(normalizePattern(pattern, options, props, true));
	}
	for (const pattern of patterns) {
		if (!pattern) continue;
		if (pattern[0] !== "!" || pattern[1] === "(") matchPatterns.push(normalizePattern(pattern, options, props, false));
		else if (pattern[1] !== "!" || pattern[2] === "(") ignorePatterns.push(normalizePattern(pattern.slice(1), options, props, true));
	}
	return {
		match: matchPatterns,
		ignore: ignorePatterns
	};
}
//#endregion
//#region src/crawler.ts
function buildCrawler(options, patterns) {
	const cwd = options.cwd;
	const props = {
		root: cwd,
		depthOffset: 0
	};
	const processed = processPatterns(options, patterns, props);
	if (options.debug) log("internal processing patterns:", processed);
	const { absolute, caseSensitiveMatch, debug, dot, followSymbolicLinks, onlyDirectories } = options;
	const root = props.root.replace(BACKSLASHES, "");
	const matchOptions = {
		dot,
		nobrace: options.braceExpansion === false,
		nocase: !caseSensitiveMatch,
		noextglob: options.extglob === false,
		noglobstar: options.globstar === false,
		posix: true
	};
	const matcher = picomatch(processed.match, matchOptions);
	const ignore = picomatch(processed.ignore, matchOptions);
	const partialMatcher = getPartialMatcher(processed.match, matchOptions);
	const format = buildFormat(cwd, root, absolute);
	const excludeFormatter = absolute ? format : buildFormat(cwd, root, true);
	const excludePredicate = (_, p) => {
		const relativePath = excludeFormatter(p, true);
		return relativePath !== "." && !partialMatcher(relativePath) || ignore(relativePath);
	};
	let maxDepth;
	if (options.deep !== void 0) maxDepth = Math.round(options.deep - props.depthOffset);
	const crawler = new Builder({
		filters: [debug ? (p, isDirectory) => {
			const path = format(p, isDirectory);
			const matches = matcher(path) && !ignore(path);
			if (matches) log(`matched ${path}`);
			return matches;
		} : (p, isDirectory) => {
			const path = format(p, isDirectory);
			return matcher(path) && !ignore(path);
		}],
		exclude: debug ? (_, p) => {
			const skipped = excludePredicate(_, p);
			log(`${skipped ? "skipped" : "crawling"} ${p}`);
			return skipped;
		} : excludePredicate,
		fs: options.fs,
		pathSeparator: "/",
		relativePaths: !absolute,
		resolvePaths: absolute,
		includeBasePath: absolute,
		resolveSymlinks: followSymbolicLinks,
		excludeSymlinks: !followSymbolicLinks,
		excludeFiles: onlyDirectories,
		includeDirs: onlyDirectories || !options.onlyFiles,
		maxDepth,
		signal: options.signal
	}).crawl(root);
	if (options.debug) log("internal properties:", {
		...props,
		root
	});
	return [crawler, cwd !== root && !absolute && buildRelative(cwd, root)];
}
//#endregion
//#region src/index.ts
function formatPaths(paths, mapper) {
	if (mapper) for (let i = paths.length - 1; i >= 0; i--) paths[i] = mapper(paths[i]);
	return paths;
}
const defaultOptions = {
	caseSensitiveMatch: true,
	debug: !!process.env.TINYGLOBBY_DEBUG,
	expandDirectories: true,
	followSymbolicLinks: true,
	onlyFiles: true
};
function getOptions(options) {
	const opts = Object.assign({}, options);
	for (const key in defaultOptions) if (opts[key] === void 0) Object.assign(opts, { [key]: defaultOptions[key] });
	opts.cwd = (opts.cwd instanceof URL ? (0,external_url_namespaceObject.fileURLToPath)(opts.cwd) : (0,external_path_.resolve)(opts.cwd || process.cwd())).replace(BACKSLASHES, "/");
	opts.ignore = ensureStringArray(opts.ignore);
	opts.fs && (opts.fs = {
		readdir: opts.fs.readdir || external_fs_.readdir,
		readdirSync: opts.fs.readdirSync || external_fs_.readdirSync,
		realpath: opts.fs.realpath || external_fs_.realpath,
		realpathSync: opts.fs.realpathSync || external_fs_.realpathSync,
		stat: opts.fs.stat || external_fs_.stat,
		statSync: opts.fs.statSync || external_fs_.statSync
	});
	if (opts.debug) log("globbing with options:", opts);
	return opts;
}
function getCrawler(globInput, inputOptions = {}) {
	var _ref;
	if (globInput && (inputOptions === null || inputOptions === void 0 ? void 0 : inputOptions.patterns)) throw new Error("Cannot pass patterns as both an argument and an option");
	const isModern = isReadonlyArray(globInput) || typeof globInput === "string";
	const patterns = ensureStringArray((_ref = isModern ? globInput : globInput.patterns) !== null && _ref !== void 0 ? _ref : "**/*");
	const options = getOptions(isModern ? inputOptions : globInput);
	return patterns.length > 0 ? buildCrawler(options, patterns) : [];
}
async function glob(globInput, options) {
	const [crawler, relative] = getCrawler(globInput, options);
	return crawler ? formatPaths(await crawler.withPromise(), relative) : [];
}
function globSync(globInput, options) {
	const [crawler, relative] = getCrawler(globInput, options);
	return crawler ? formatPaths(crawler.sync(), relative) : [];
}
//#endregion


;// CONCATENATED MODULE: ./src/core/upload/artifact.ts









const MAX_LISTED = 10;
/** Pseudo file systems: they hold the kernel's state, not builds, and walking /proc never ends. */
const SYSTEM_FOLDERS = ['/proc', '/sys'];
/** Devices: no build is one, and a glob there walks what it should not; a file in /dev/shm (a RAM disk) may be named plainly. */
const DEVICE_FOLDER = '/dev';
/**
 * Resolves `file` (a path or a glob, relative to the working directory or
 * absolute) to exactly one artifact; any other count, or a file that cannot
 * be uploaded, fails with what matched and how to fix the pattern. The
 * pattern is the user's alone: the working directory is never read as a glob.
 */
async function findArtifact(pattern, workspace) {
    const entries = await matchedEntries(searchOf(pattern, workspace));
    const { path, info } = onlyFile(entries, pattern, workspace);
    const name = (0,name_rules/* fileName */.Md)(path);
    const extension = (0,name_rules/* acceptedExtension */.Ld)(name);
    if (!extension)
        throw artifact_refused(`${(0,shared_text/* quote */.hD)(name)} is not an accepted build type`, `Upload a file ending in one of ${name_rules/* ACCEPTED_EXTENSIONS */.DY.join(' ')}`);
    if (info.size === 0)
        throw artifact_refused(`${(0,shared_text/* quote */.hD)(name)} is empty (0 bytes)`, 'Check that the build finished and wrote it');
    try {
        await (0,promises_namespaceObject.access)(path, external_node_fs_.constants.R_OK);
    }
    catch {
        throw artifact_refused(`${(0,shared_text/* quote */.hD)(name)} cannot be read`, 'Check the file permissions of the build output');
    }
    return {
        path,
        name,
        size: info.size,
        extension,
        target: await targetOutside(path, workspace),
        identity: identityOf(info)
    };
}
const artifact_refused = (problem, fix) => new errors/* InputError */.dz('file', problem, fix);
/** What the search matched that is still there: a match that vanished or whose link leads nowhere is no match. */
async function matchedEntries(search) {
    const matches = await matchPaths(search);
    const entries = await Promise.all(matches.map(async (path) => ({ path, info: await (0,promises_namespaceObject.stat)(path).catch(() => undefined) })));
    return entries.filter((e) => e.info !== undefined);
}
/** The one regular file among the entries, one file matched by two names (a link beside its file, two spellings on a disk that ignores case) counted once; else why not. */
function onlyFile(entries, pattern, workspace) {
    const seen = new Set();
    const files = entries.filter(e => {
        if (!e.info.isFile())
            return false;
        const id = identityOf(e.info);
        if (id === undefined)
            return true;
        if (seen.has(id))
            return false;
        seen.add(id);
        return true;
    });
    if (files.length === 1)
        return files[0];
    if (files.length > 1) {
        const listed = files
            .slice(0, MAX_LISTED)
            .map(f => shownPath(f.path, workspace))
            .join(', ');
        const more = files.length > MAX_LISTED ? ` and ${files.length - MAX_LISTED} more` : '';
        throw artifact_refused(`${(0,shared_text/* quote */.hD)(pattern)} matched ${files.length} files: ${listed}${more}`, 'Make the path or glob match exactly one build');
    }
    if (entries.length > 0) {
        const kinds = entries.map(e => `${shownPath(e.path, workspace)} (${artifact_kindOf(e.info)})`);
        throw artifact_refused(`matched no regular file, only ${kinds.slice(0, MAX_LISTED).join(', ')}`, 'Point it at the built .apk, .aab or .ipa file itself');
    }
    throw artifact_refused(`${(0,shared_text/* quote */.hD)(pattern)} matched no file in ${(0,shared_text/* quote */.hD)(workspace)}`, 'Check that the build ran before the deploy and that the path is relative to the working directory');
}
/** Pure: a file's identity on its disk; undefined where the disk gives none (an inode of 0). */
function identityOf(info) {
    return info.ino ? `${info.dev}:${info.ino}` : undefined;
}
const HERE = {
    paths: (external_node_path_default()),
    home: () => (0,external_node_os_namespaceObject.homedir)(),
    isFolder: path => (0,external_node_fs_.statSync)(path, { throwIfNoEntry: false })?.isDirectory() === true
};
/** A glob's own characters; parentheses are a group only after an extglob's mark (`@(`, `!(`, `*(`, `+(`, `?(`). */
const WILDCARD = /[*?[\]{}]|[@!*+?]\(/;
/**
 * Pure but for `machine.isFolder`: the folder a pattern starts from (its
 * segments up to the first with a wildcard, under the working directory
 * unless absolute) and the glob below it. A segment that names a folder that
 * exists as written is literal whatever it holds: `Build Products
 * (Release)`, `C:\Program Files (x86)`, `out [arm64]`; in the glob, a
 * parenthesis that opens no extglob is a parenthesis. `~` and `~/…` are the
 * home folder (as @actions/glob reads them); a drive's letter alone is that
 * drive's root. A glob that starts at a file system's root or in /dev, and
 * any path in /proc or /sys, is refused.
 */
function searchOf(pattern, workspace, machine = {}) {
    const { paths, home, isFolder } = { ...HERE, ...machine };
    const windows = paths.sep === '\\';
    const homed = /^~(?:$|\/)/.test(pattern) || (windows && /^~\\/.test(pattern));
    const expanded = homed ? `${home()}${pattern.slice(1)}` : pattern;
    // Globs separate folders with /; so may a Windows path.
    const slashed = windows ? expanded.replace(/\\/g, '/') : expanded;
    const segments = slashed.split('/');
    const absolute = paths.isAbsolute(expanded);
    const start = absolute ? '' : workspace;
    let firstMagic = -1;
    for (const [i, segment] of segments.entries()) {
        if (!isDynamicPattern(segment))
            continue;
        // A folder that exists as written is taken as written, brackets and all.
        const sofar = segments.slice(0, i + 1).join('/');
        if (i < segments.length - 1 && isFolder(paths.resolve(start, driveRoot(sofar))))
            continue;
        if (!WILDCARD.test(segment))
            continue;
        firstMagic = i;
        break;
    }
    const literal = firstMagic === -1 ? slashed : segments.slice(0, firstMagic).join('/');
    const base = paths.resolve(absolute
        ? driveRoot(literal) || paths.parse(paths.resolve(workspace)).root
        : paths.join(workspace, literal));
    const under = (folder) => paths.sep === '/' && (base === folder || base.startsWith(`${folder}/`));
    const inSystem = [...SYSTEM_FOLDERS, ...(firstMagic === -1 ? [] : [DEVICE_FOLDER])].find(under);
    if (inSystem)
        throw new errors/* InputError */.dz('file', `${(0,shared_text/* quote */.hD)(pattern)} reaches into ${inSystem}, which holds the system's state, not builds`, 'Point it at the build output of your project');
    if (firstMagic === -1)
        return { base };
    if (paths.parse(base).root === base)
        throw new errors/* InputError */.dz('file', `${(0,shared_text/* quote */.hD)(pattern)} would search the whole file system from ${(0,shared_text/* quote */.hD)(base)}`, `Start the pattern in the build's folder, e.g. app/build/outputs/**/*.apk, relative to the working directory`);
    return { base, glob: segments.slice(firstMagic).map(literalParentheses).join('/') };
}
/** Pure: `D:` alone is the root of drive D (`D:/`), never the current folder of that drive. */
function driveRoot(literal) {
    return /^[A-Za-z]:$/.test(literal) ? `${literal}/` : literal;
}
/** Pure: a glob segment's parentheses that open no extglob, made literal (a class of one), as a folder's name holds them. */
function literalParentheses(segment) {
    return segment.replace(/(?<![@!*+?])\(([^()]*)\)/g, '[(]$1[)]');
}
/**
 * Every path a search matches, sorted: a plain path as it is, a glob through
 * tinyglobby from its base folder, hidden files included (as @actions/glob
 * does on a runner). `**` does not descend into links to folders, so a link
 * to `/` in the workspace cannot turn a search into a walk of the disk.
 */
async function matchPaths(search) {
    if (search.glob === undefined)
        return [search.base];
    const found = await glob(search.glob, {
        cwd: search.base,
        absolute: true,
        dot: true,
        onlyFiles: false,
        expandDirectories: false,
        followSymbolicLinks: false
    });
    return [...new Set(found.map(path => external_node_path_default().resolve(path)))].sort();
}
/**
 * The real path of a build that is itself a symbolic link leading out of
 * the working directory. A file reached through a linked folder is no link
 * (macOS's /tmp and /var are links to /private/…).
 */
async function targetOutside(path, workspace) {
    try {
        if (!(await (0,promises_namespaceObject.lstat)(path)).isSymbolicLink())
            return undefined;
        const [real, root] = await Promise.all([(0,promises_namespaceObject.realpath)(path), (0,promises_namespaceObject.realpath)(workspace)]);
        const relative = external_node_path_default().relative(root, real);
        return relative.startsWith('..') || external_node_path_default().isAbsolute(relative) ? real : undefined;
    }
    catch {
        return undefined;
    }
}
/** Pure: a matched path as a message shows it: relative to the working directory, quoted and sanitized. */
function shownPath(path, workspace, paths = (external_node_path_default())) {
    return (0,shared_text/* quote */.hD)(paths.relative(workspace, path) || path);
}
function artifact_kindOf(info) {
    if (info.isDirectory())
        return 'a directory';
    if (info.isFIFO())
        return 'a FIFO';
    if (info.isSocket())
        return 'a socket';
    if (info.isCharacterDevice() || info.isBlockDevice())
        return 'a device';
    return 'not a regular file';
}

;// CONCATENATED MODULE: external "node:stream"
const external_node_stream_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");
;// CONCATENATED MODULE: ./src/core/upload/file-body.ts






/** Bytes read from disk per chunk, and the buffers that carry them: at most this many chunks are on their way. */
const CHUNK_BYTES = 1024 * 1024;
const BUFFERS = 4;
/**
 * A request body that reads a file from disk into a few reused buffers, hashes
 * each chunk and writes it into the request, so that memory stays flat
 * whatever the file's size and the digest is of the bytes sent. (A design with
 * a hashing thread was faster on raw loopback but no faster over a real link,
 * where the link sets the pace: see docs/development.md, Performance.)
 *
 * It is handed to @actions/http-client, which pipes it into the request; `pipe`
 * is therefore the whole transfer. An answer before the go-ahead means not a
 * byte of the body is sent. A file that cannot be read or changes size goes to
 * `onFailure`; a request that fails or closes is the request's own failure and
 * just stops the transfer. `release` waits for that, so an attempt ends with
 * its file closed.
 */
class FileBody extends external_node_stream_namespaceObject.Readable {
    options;
    started = false;
    transfer;
    /** Stops a transfer under way, as if the request had closed. */
    stopTransfer;
    constructor(options) {
        super();
        this.options = options;
    }
    _read() {
        // Never read as a plain stream: `pipe` drives the transfer.
    }
    pipe(destination) {
        if (!this.started) {
            this.started = true;
            this.transfer = goAhead(destination, this.options.continueTimeoutMs).then(go => go ? this.send(destination) : undefined);
            this.transfer.catch((error) => this.options.onFailure(error instanceof Error ? error : new Error(String(error))));
        }
        return destination;
    }
    /** Ends this body's use of the file: waits for a started transfer to stop; none may start after. */
    async release() {
        this.started = true;
        this.stopTransfer?.();
        this.destroy();
        await this.transfer?.catch(() => undefined);
    }
    /** The SHA-256 of the bytes sent, once the whole file was written. */
    async sha256() {
        const digest = await this.transfer;
        if (digest === undefined)
            throw new errors/* DeployError */.sH('The upload stopped before the whole file was sent.');
        return digest;
    }
    /**
     * Sends the file; resolves with its digest, or undefined when the request
     * closed first (it reports why). The bytes go through a few buffers used
     * over and over, each filled again only once its last chunk went out: no
     * garbage piles up between collections, so memory stays flat at any size.
     * Longer than the rest on purpose: the read loop, the buffer pool, the
     * socket's back-pressure and the hash are one hot path that a 4 GiB upload
     * runs a million times; split, its state would travel through closures.
     */
    // eslint-disable-next-line max-lines-per-function -- one hot path on purpose: the reason is above.
    async send(destination) {
        const { path, size } = this.options;
        const name = (0,shared_text/* quote */.hD)((0,name_rules/* fileName */.Md)(path));
        const unreadable = (error) => new errors/* FileChangedError */.jL(`${name} could not be read (${error.code ?? String(error)}); check that the build wrote it.`);
        let closed = false;
        let wake = () => undefined;
        const gone = new Promise(resolve => (wake = resolve));
        const onClose = () => {
            closed = true;
            wake();
        };
        destination.once('close', onClose);
        this.stopTransfer = onClose;
        const handle = await (0,promises_namespaceObject.open)(path, 'r').catch((error) => {
            destination.removeListener('close', onClose);
            throw unreadable(error);
        });
        const hash = (0,external_node_crypto_namespaceObject.createHash)('sha256');
        const buffers = Array.from({ length: BUFFERS }, () => Buffer.allocUnsafe(CHUNK_BYTES));
        const written = buffers.map(() => Promise.resolve());
        let sent = 0;
        try {
            for (let i = 0; sent < size; i++) {
                const slot = i % BUFFERS;
                // The buffer is free once its last chunk went out, or the request is gone.
                await Promise.race([written[slot], gone]);
                if (closed)
                    return undefined;
                const want = Math.min(CHUNK_BYTES, size - sent);
                const { bytesRead } = await handle
                    .read(buffers[slot], 0, want, sent)
                    .catch((error) => {
                    throw unreadable(error);
                });
                if (closed)
                    return undefined;
                if (bytesRead === 0)
                    throw new errors/* FileChangedError */.jL(`${name} shrank to ${sent} of ${size} bytes while it was uploaded; rebuild it and deploy again.`);
                const chunk = buffers[slot].subarray(0, bytesRead);
                hash.update(chunk);
                sent += bytesRead;
                this.options.onProgress(sent);
                // Before the last byte goes out, make sure nothing follows it: a file that grew must fail the request, not complete it.
                if (sent === size && (await handle.stat()).size > size)
                    throw new errors/* FileChangedError */.jL(`${name} grew while it was uploaded; rebuild it and deploy again.`);
                written[slot] = new Promise(resolve => destination.write(chunk, () => resolve()));
            }
            await Promise.race([Promise.all(written), gone]);
            if (closed)
                return undefined;
            // @actions/http-client ends the request when its body closes.
            this.emit('close');
            return hash.digest('hex');
        }
        finally {
            destination.removeListener('close', onClose);
            await handle.close().catch(() => undefined);
        }
    }
}
/**
 * Resolves true when the body may go: at once without a wait, else on the
 * store's 100 Continue or when the wait is over; false when the request got its
 * answer or closed first, so the body is never sent.
 */
function goAhead(destination, waitMs) {
    if (waitMs === undefined)
        return Promise.resolve(true);
    return new Promise(resolve => {
        const go = () => finish(true);
        const stop = () => finish(false);
        const timer = setTimeout(go, waitMs);
        function finish(value) {
            clearTimeout(timer);
            destination.removeListener('continue', go);
            destination.removeListener('response', stop);
            destination.removeListener('close', stop);
            resolve(value);
        }
        destination.once('continue', go);
        destination.once('response', stop);
        destination.once('close', stop);
    });
}

;// CONCATENATED MODULE: ./src/core/upload/progress.ts

const DEFAULT_PACING = { minIntervalMs: 2000, maxIntervalMs: 10_000 };
/**
 * Turns byte counts into occasional log lines. `update` is called for every
 * chunk, so it only compares numbers until a line is due.
 */
class ProgressReporter {
    total;
    print;
    now;
    pacing;
    start;
    lastAt;
    nextMark;
    constructor(total, print, now = Date.now, pacing = DEFAULT_PACING) {
        this.total = total;
        this.print = print;
        this.now = now;
        this.pacing = pacing;
        this.start = now();
        this.lastAt = this.start;
        this.nextMark = total / 10;
    }
    update(sent) {
        const at = this.now();
        const since = at - this.lastAt;
        if (since < this.pacing.minIntervalMs)
            return;
        if (sent < this.nextMark && since < this.pacing.maxIntervalMs)
            return;
        if (sent >= this.total)
            return;
        this.lastAt = at;
        this.nextMark = (Math.floor((sent / this.total) * 10) + 1) * (this.total / 10);
        this.print(progressLine(sent, this.total, at - this.start));
    }
}
/** `Uploading: 45% (460.8 MiB of 1.00 GiB), 112.3 MiB/s, 5 s left` */
function progressLine(sent, total, elapsedMs) {
    const percent = Math.floor((sent / total) * 100);
    const rate = elapsedMs > 0 ? sent / (elapsedMs / 1000) : 0;
    const left = rate > 0 ? (total - sent) / rate : Infinity;
    return `Uploading: ${percent}% (${(0,format/* formatBytes */.z3)(sent)} of ${(0,format/* formatBytes */.z3)(total)}), ${(0,format/* formatRate */.CE)(rate)}, ${(0,format/* formatDuration */.a3)(left)} left`;
}

;// CONCATENATED MODULE: ./src/core/upload/upload.ts











/**
 * How long a PUT waits for the store's 100 Continue before sending the body
 * anyway (curl waits as long). A store that refuses the request (an expired or
 * mismatched signature) answers first, and not a byte of the file is sent.
 */
const CONTINUE_TIMEOUT_MS = 1000;
/** The store (or a proxy before it) refuses `Expect: 100-continue`; the body was not sent. */
class ExpectationFailedError extends errors/* DeployError */.sH {
    name = 'ExpectationFailedError';
}
/**
 * How long one PUT may take in all: the file's size at the slowest speed still
 * waited for, plus the request time limit (the connection, the store's go-ahead,
 * its answer after the last byte). The idle timer alone never ends a store that
 * keeps a byte moving now and then; this does, and the attempt is retried.
 */
function putTimeLimitMs(size, minBytesPerSecond, allowanceMs) {
    return allowanceMs + Math.ceil((size / minBytesPerSecond) * 1000);
}
/**
 * Gets a signed URL and PUTs the artifact to it under the retry policy. Every
 * attempt streams the whole file again from its first byte; an attempt refused
 * because the URL expired first asks the service for a fresh one.
 */
async function uploadArtifact(service, artifact, destination, options) {
    const { config } = service;
    const onSigned = options.onSigned;
    let signed = await service.signedUpload(destination);
    onSigned(signed);
    let stale = false;
    let expectContinue = true;
    return (0,retry/* withRetry */.bD)(config.policy, async ({ number }) => {
        if (stale) {
            // One request within this attempt: a failure here costs this attempt, not a retry loop of its own.
            config.log.info('The signed URL expired; asking the service for a fresh one.');
            signed = await service.signedUpload(destination, false);
            onSigned(signed);
            stale = false;
        }
        const put = () => putFile(config, signed.signedUrl, artifact, number, {
            expectContinue,
            minBytesPerSecond: options.minBytesPerSecond,
            onProgress: options.onProgress
        });
        try {
            return { signed, size: artifact.size, ...(await put()) };
        }
        catch (error) {
            if (error instanceof errors/* ExpiredUrlError */.Hm)
                stale = true;
            if (!(error instanceof ExpectationFailedError))
                throw error;
            // As curl does: a store or proxy that refuses Expect gets the same PUT at once without it.
            config.log.info(`${error.message} Sending the file again without Expect.`);
            expectContinue = false;
            return { signed, size: artifact.size, ...(await put()) };
        }
    }, (error, attempt, delayMs) => (0,retry/* logRetry */.zD)(config.log, error, attempt, config.policy.maxAttempts, delayMs));
}
/**
 * One PUT of the whole file, streamed from disk and hashed on the way;
 * returns the SHA-256 of what was sent. Longer than the rest on purpose: the
 * request, its body, its four time limits and the store's answer share one
 * life cycle on one socket (an abort or a limit must end all of them at
 * once), which split into functions would pass every handle around.
 */
// eslint-disable-next-line max-lines-per-function -- one request's life cycle on purpose: the reason is above.
async function putFile(config, signedUrl, artifact, attempt, { expectContinue, minBytesPerSecond, onProgress }) {
    const label = (0,send/* labelOf */.Wy)('PUT', signedUrl);
    config.log.info(`${label} (${(0,format/* formatBytes */.z3)(artifact.size)}, attempt ${attempt} of ${config.policy.maxAttempts})`);
    const started = shared_clock/* clock */.pm.now();
    const local = new AbortController();
    const stop = config.policy.signal;
    const signal = stop ? AbortSignal.any([stop, local.signal]) : local.signal;
    const cut = cutAtTimeLimit(config, label, artifact.size, minBytesPerSecond, local);
    const progress = new ProgressReporter(artifact.size, line => config.log.info(line));
    let sent = 0;
    let answer;
    const body = new FileBody({
        path: artifact.path,
        size: artifact.size,
        continueTimeoutMs: expectContinue ? CONTINUE_TIMEOUT_MS : undefined,
        onProgress: total => {
            progress.update((sent = total));
            onProgress?.(total, artifact.size);
            if (total === artifact.size)
                answer ??= cutAnswer(config, label, local);
        },
        onFailure: error => local.abort(unreadable(artifact, error))
    });
    try {
        const response = await (0,send/* send */.tN)({
            method: 'PUT',
            url: signedUrl,
            headers: {
                'content-type': 'application/octet-stream',
                'content-length': String(artifact.size),
                ...(expectContinue ? { expect: '100-continue' } : {})
            },
            body,
            label
        }, config.transport, { signal });
        checkStoreAnswer(response, {
            label,
            signedUrl,
            expectContinue,
            complete: sent === artifact.size
        });
        const seconds = Math.max(0.001, (shared_clock/* clock */.pm.now() - started) / 1000);
        config.log.info(`Uploaded ${(0,format/* formatBytes */.z3)(artifact.size)} in ${(0,format/* formatDuration */.a3)(seconds)} (${(0,format/* formatRate */.CE)(artifact.size / seconds)}).`);
        return { sha256: await body.sha256(), seconds };
    }
    catch (error) {
        throw logged(config, label, error);
    }
    finally {
        clearTimeout(cut);
        clearTimeout(answer);
        await body.release();
    }
}
/**
 * Once the last byte is sent, the store owes its whole answer within the
 * idle time limit, however large the file was: a store that trickles its
 * answer a byte at a time never trips the idle timer, and would otherwise
 * hold the attempt for the rest of the size-based allowance.
 */
function cutAnswer(config, label, local) {
    const { idleMs } = config.transport.timeouts;
    return setTimeout(() => local.abort(new errors/* NetworkError */.Dr(`${label} sent the whole file, and the store's answer did not end within ${(0,format/* formatDuration */.a3)(idleMs / 1000)} of the last byte`)), idleMs);
}
/**
 * The PUT's own time limit: the build's size at the slowest speed still
 * waited for, plus the request time limit. The delivery's own limit still
 * ends everything sooner when it comes first (a timer runs ~24.8 days at most).
 */
function cutAtTimeLimit(config, label, size, minBytesPerSecond, local) {
    const allowanceMs = config.transport.timeouts.requestMs;
    const limitMs = putTimeLimitMs(size, minBytesPerSecond, allowanceMs);
    return setTimeout(() => local.abort(new errors/* NetworkError */.Dr(`${label} did not finish within ${(0,format/* formatDuration */.a3)(limitMs / 1000)}: the time ${(0,format/* formatBytes */.z3)(size)} takes at ${(0,option_refs/* ref */.KR)('minUploadKibPerSecond')} (${minBytesPerSecond / 1024} KiB/s), plus the request time limit of ${(0,format/* formatDuration */.a3)(allowanceMs / 1000)}. The store took longer to take the file or to answer; on a slow link, lower ${(0,option_refs/* ref */.KR)('minUploadKibPerSecond')}`)), Math.min(limitMs, 2 ** 31 - 1));
}
/** Why the file could not be sent: its own error (it changed), or one of reading it. */
function unreadable(artifact, error) {
    return error instanceof errors/* DeployError */.sH
        ? error
        : new errors/* FileChangedError */.jL(`${(0,shared_text/* quote */.hD)(artifact.name)} could not be read: ${(0,send/* describeNetworkError */.gl)(error)}`);
}
/** The store's answer to a PUT: a refusal, an Expect it does not take, or an answer before the whole file. */
function checkStoreAnswer(response, { label, signedUrl, expectContinue, complete }) {
    if (response.status === 417 && expectContinue)
        throw new ExpectationFailedError(`${label} answered 417 Expectation Failed.`);
    if (response.status < 200 || response.status >= 300)
        throw storeStatusError(label, response, signedUrl);
    if (!complete)
        throw new errors/* DeployError */.sH(`${label} answered ${response.status} before the whole file was sent; deploy again.`);
}
/** A failed PUT, told in the debug log before it is thrown on. */
function logged(config, label, error) {
    config.log.debug(`${label} failed: ${(0,errors/* messageOf */.bD)(error)}`);
    return error;
}

;// CONCATENATED MODULE: ./src/core/deploy/advice.ts


/** Pure: what to do when a deployment created no run, for its cause; only an unmatched trigger talks about triggers and the deployment type. */
function noRunAdvice(cause, deploymentType) {
    switch (cause) {
        case 'billing':
            return 'Billing prevents runs for this workspace: ask the workspace owner to check its plan and billing.';
        case 'skipped-deployment':
            return 'The service gave the reason above; check the workspace settings it names, or ask the service operator.';
        case 'trigger-skipped':
            return "The service gave the trigger's reason above; check that trigger's settings in the workspace.";
        case 'trigger-failed':
            return 'The service gave the reason above; deploy again, and contact support if it persists.';
        case 'no-environment':
            return `Check that the destination follows the naming convention (${(0,option_refs/* ref */.KR)('namePrefix')} and ${(0,option_refs/* ref */.KR)('environment')}, or a pull request) and that the workspace has that environment.`;
        case 'no-trigger':
            return `Check with the service operator that mobile triggers are enabled for the workspace and that ${(0,option_refs/* ref */.KR)('deploymentType')}${deploymentType ? ` (${(0,shared_text/* quote */.hD)(deploymentType)})` : ''} matches its label.`;
    }
}

;// CONCATENATED MODULE: ./src/core/deploy/build-check.ts
/**
 * The build read before anything is sent: what it is (for the report, the
 * outputs and every summary), whether it is what the pipeline said to expect,
 * and what about it is likely a mistake. A broken build, or one of another
 * app or platform, is bad usage: the deploy ends before its first request.
 */





/** Each warning's title, where a front end shows one (an annotation's). */
const WARNING_TITLES = {
    'expired-profile': 'Expired provisioning profile',
    'unsigned-release': 'Unsigned release build',
    'long-value': 'Build value cut short'
};
/** Reads the build and checks it against `expectedAppId` and `platform`; throws what refuses it. */
async function checkBuild(artifact, settings, signal) {
    const facts = await (0,read/* readBuild */.lT)(artifact.path, { name: artifact.name, signal });
    const { expectedAppId, platform } = settings.values;
    const file = (0,shared_text/* quote */.hD)(artifact.name);
    if (platform && facts.platform !== platform) {
        const found = facts.platform
            ? `a build for ${PLATFORM_NAMES[facts.platform]} (${(0,shared_text/* quote */.hD)(facts.appId)})`
            : `a ${facts.format} file, which is no app`;
        throw new errors/* InputError */.dz('platform', `is ${platform}, but ${file} is ${found}`, `Point ${(0,option_refs/* ref */.KR)('file')} at the ${PLATFORM_NAMES[platform]} build, or correct ${(0,option_refs/* ref */.KR)('platform')}`);
    }
    // The id for the build's platform wins over the one for every build.
    const expected = (facts.platform && expectedAppId?.[facts.platform]) || expectedAppId?.all;
    const anyExpected = expectedAppId?.all ?? expectedAppId?.android ?? expectedAppId?.ios;
    if (!facts.platform && anyExpected) {
        throw new errors/* InputError */.dz('expectedAppId', `is ${(0,shared_text/* quote */.hD)(anyExpected)}, but ${file} is a ${facts.format} file, which names no app`, `Point ${(0,option_refs/* ref */.KR)('file')} at the build of ${(0,shared_text/* quote */.hD)(anyExpected)}, or correct ${(0,option_refs/* ref */.KR)('expectedAppId')}`);
    }
    if (facts.platform && expected && facts.appId !== expected) {
        const forPlatform = expectedAppId?.[facts.platform]
            ? ` for ${PLATFORM_NAMES[facts.platform]}`
            : '';
        throw new errors/* InputError */.dz('expectedAppId', `is ${(0,shared_text/* quote */.hD)(expected)}${forPlatform}, but ${file} is the build of ${(0,shared_text/* quote */.hD)(facts.appId)}`, `Point ${(0,option_refs/* ref */.KR)('file')} at the build of ${(0,shared_text/* quote */.hD)(expected)}, or correct ${(0,option_refs/* ref */.KR)('expectedAppId')}`);
    }
    refuseUninstallable(facts, settings, file);
    return facts;
}
/**
 * A build the service's devices cannot install, refused before the upload:
 * an Android build whose native code lacks a required ABI (one without
 * native code runs on any), an iOS build for the other kind of target.
 */
function refuseUninstallable(facts, settings, file) {
    const { requiredAbis, requiredTarget } = settings.values;
    if (facts.platform === 'android' && requiredAbis && facts.abis.length > 0) {
        const missing = requiredAbis.filter(abi => !facts.abis.includes(abi));
        if (missing.length > 0) {
            const has = facts.abis.map(abi => (0,shared_text/* quote */.hD)(abi, 20)).join(', ');
            const lacks = missing.join(', ');
            const fix = facts.format === 'aab'
                ? `add ${lacks} to ndk { abiFilters } in the app's build.gradle`
                : `add ${lacks} to ndk { abiFilters } in the app's build.gradle, or deploy the universal APK (splits { abi { universalApk true } }) rather than one ABI's split`;
            throw new errors/* InputError */.dz('requiredAbis', `is ${requiredAbis.join(', ')}, but ${file} has native code for ${has} only: the service's devices cannot install it`, `Build it with native code for ${lacks}: ${fix}; or correct ${(0,option_refs/* ref */.KR)('requiredAbis')}`);
        }
    }
    if (facts.platform === 'ios' && requiredTarget && facts.target !== requiredTarget) {
        const built = facts.target === 'simulator' ? 'built for the simulator' : 'built for devices';
        const fix = requiredTarget === 'simulator'
            ? 'Build for the simulator (xcodebuild -sdk iphonesimulator) and zip its .app'
            : 'Build for devices (xcodebuild archive, then -exportArchive to an .ipa)';
        throw new errors/* InputError */.dz('requiredTarget', `is ${requiredTarget}, but ${file} is ${built}: the service's ${requiredTarget === 'device' ? 'devices' : 'simulators'} cannot install it`, `${fix}, or correct ${(0,option_refs/* ref */.KR)('requiredTarget')}`);
    }
}
/** A warning's title for an annotation. */
function buildWarningTitle(warning) {
    return WARNING_TITLES[warning.code];
}
/** One line for the log: which app and version, and how it was built; values from the build quoted. */
function describeBuild(facts) {
    if (!facts.platform)
        return `Build: a ${facts.format} file (no app to read).`;
    const version = [
        facts.appVersion === undefined ? undefined : `version ${(0,shared_text/* quote */.hD)(facts.appVersion, 60)}`,
        facts.buildNumber === undefined ? undefined : `build ${(0,shared_text/* quote */.hD)(facts.buildNumber, 60)}`
    ].filter(Boolean);
    const details = facts.platform === 'android'
        ? [
            facts.format === 'aab' ? 'App Bundle' : 'APK',
            facts.minSdk === undefined ? undefined : `min SDK ${(0,shared_text/* quote */.hD)(facts.minSdk, 20)}`,
            facts.targetSdk === undefined ? undefined : `target SDK ${(0,shared_text/* quote */.hD)(facts.targetSdk, 20)}`,
            facts.abis.length ? `ABIs ${facts.abis.map(abi => (0,shared_text/* quote */.hD)(abi, 20)).join(' ')}` : undefined,
            facts.debuggable ? 'debuggable' : undefined,
            facts.format === 'apk'
                ? facts.signatures.length
                    ? `signed ${facts.signatures.join(', ')}`
                    : 'unsigned'
                : undefined
        ]
        : [
            facts.format === 'ipa' ? 'IPA' : 'zipped .app',
            `for ${facts.target === 'simulator' ? 'the simulator' : 'devices'}`,
            facts.minimumOs === undefined ? undefined : `minimum OS ${(0,shared_text/* quote */.hD)(facts.minimumOs, 20)}`,
            facts.profile ? `${facts.profile.kind} profile` : undefined
        ];
    const shown = [...version, ...details].filter(Boolean).join(', ');
    return `App: ${(0,shared_text/* quote */.hD)(facts.appId, 120)} (${PLATFORM_NAMES[facts.platform]}), ${shown}.`;
}

;// CONCATENATED MODULE: external "node:stream/promises"
const external_node_stream_promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/promises");
;// CONCATENATED MODULE: ./src/core/deploy/dry-run.ts







/**
 * The name a dry run without a build asks a signed URL for: the request
 * proves the key and the base URL, creates nothing at the service, and its
 * URL is never used.
 */
const KEY_CHECK_NAME = 'mobile-build-deploy-dry-run-key-check.zip';
/**
 * A deploy that stops before it changes anything: the options are already
 * checked and the build found by the time it runs. It reads the whole build
 * (readable, and its SHA-256), asks the service for the destination's signed
 * URL (the key and base URL accepted; the URL is never used, so nothing is
 * uploaded), and logs the notification it would send. The same refusals as a
 * real deploy's end it the same way: it throws what the request threw.
 */
async function dryRun(settings, service, artifact, destination, context) {
    const { log } = context;
    log.info('Dry run: everything is checked; nothing is uploaded and no notification is sent.');
    const plan = { wait: settings.mode !== 'upload' && settings.wait };
    if (artifact) {
        const sha256 = await context.phase(`Read ${(0,shared_text/* quote */.hD)(artifact.name)}`, () => sha256Of(artifact.path));
        plan.artifactSha256 = sha256;
        plan.artifactSize = artifact.size;
        log.info(`Would upload ${(0,shared_text/* quote */.hD)(artifact.name)} (${(0,format/* formatBytes */.z3)(artifact.size)}, SHA-256 ${sha256}) to ${(0,shared_text/* quote */.hD)(destination ?? artifact.name, 300)}.`);
    }
    const asked = destination ?? settings.values.runInputPath ?? KEY_CHECK_NAME;
    const signed = await context.phase('Key and base URL', () => service.signedUpload(asked));
    log.info(`The service accepted the key at ${settings.baseUrl}: it signed an upload for ${(0,shared_text/* quote */.hD)(signed.playgroundFileLocation, 300)}. The signed URL is not used.`);
    if (artifact)
        plan.destination = signed.playgroundFileLocation;
    if (settings.mode === 'upload') {
        log.info('Upload only: no deploy notification would be sent, so no run would start.');
    }
    else {
        const path = settings.mode === 'deploy' ? signed.playgroundFileLocation : settings.values.runInputPath;
        const build = path === undefined ? undefined : { variable: settings.values.runVariable, path };
        const values = {
            ...settings.values,
            deduplicationKey: deduplicationKeyOf(settings, destination)
        };
        const body = context.value(JSON.stringify(service.notificationBody({ values, git: settings.git, build })));
        log.info(`Would send the deploy notification: ${body}`);
        plan.notification = JSON.parse(body);
        log.info(settings.wait
            ? `Would wait up to ${(0,format/* formatMinutes */.dp)(settings.waitTimeoutMs / 60_000)} for the run's verdict.`
            : `Would not wait for the run's verdict (${(0,option_refs/* ref */.KR)('wait')} is false).`);
    }
    log.info('Dry run done: a real deployment would proceed as far as can be known without it.');
    return { outcome: 'skipped', dryRun: true, plan };
}
/** Reads the whole file, as the upload would: readable to its last byte, and what it hashes to. */
async function sha256Of(path) {
    const hash = (0,external_node_crypto_namespaceObject.createHash)('sha256');
    await (0,external_node_stream_promises_namespaceObject.pipeline)((0,external_node_fs_.createReadStream)(path), hash);
    return hash.digest('hex');
}

;// CONCATENATED MODULE: ./src/core/deploy/steps.ts











/** The one ask for a new run's page waits no longer: a link is never worth holding the deploy up. */
const RUN_PAGE_TIMEOUT_MS = 30_000;
/** Every step by name; the plan lists which a mode runs, the orchestrator runs them in order. */
const STEPS = {
    locateBuild,
    checkBuild: checkTheBuild,
    dryRun: async (session, { artifact, destination }) => ({
        facts: await session.withinDelivery(service => dryRun(session.settings, service, artifact, destination, session))
    }),
    upload,
    notify,
    wait: async (session, _handoff, deployment) => waitForVerdict(session, deployment),
    terminate
};
/** The build the options name. */
async function locateBuild(session, { file }) {
    const artifact = await findArtifact(file, session.settings.workingDirectory);
    return {
        facts: { artifact: { name: artifact.name, size: artifact.size, target: artifact.target } },
        handoff: { artifact }
    };
}
/**
 * The build read before anything is sent (refused when broken or not the
 * app asked for), and where it goes in the workspace's storage: a value
 * given per platform is the build's platform's.
 */
async function checkTheBuild(session, { artifact }) {
    if (!artifact)
        return {};
    if (artifact.target)
        session.log.notice(`The artifact is a link that leads out of the working directory, to ${(0,shared_text/* quote */.hD)(artifact.target, 300)}.`, 'Artifact outside the workspace');
    const { settings } = session;
    const build = await checkBuild(artifact, settings, session.hooks.signal);
    session.log.info(describeBuild(build));
    for (const warning of build.warnings)
        session.warn(warning.message, buildWarningTitle(warning));
    const destination = chooseDestination(settings, artifact, build);
    const which = { name: artifact.name, platform: build.platform, format: build.format };
    const overStatic = pullRequestOverStaticName(settings, destination, environmentOf(settings, which));
    if (overStatic)
        session.warn(overStatic);
    return { facts: { build, destination }, handoff: { destination } };
}
/** The build into the store through its signed URL. */
async function upload(session, { artifact, destination }, deployment) {
    const receipt = await session.withinDelivery(service => session.phase(`Upload ${(0,shared_text/* quote */.hD)(artifact.name)} (${(0,format/* formatBytes */.z3)(artifact.size)})`, async () => {
        const sent = await uploadArtifact(service, artifact, destination, {
            minBytesPerSecond: session.settings.minUploadBytesPerSecond,
            onSigned: signed => session.log.info(`Signed URL received for ${(0,shared_text/* quote */.hD)(signed.playgroundFileLocation)}.`),
            onProgress: session.output.guard('onProgress', session.hooks.onProgress)
        });
        session.log.info(`SHA-256 ${sent.sha256}`);
        return sent;
    }));
    const uploadOnly = session.settings.mode === 'upload';
    if (uploadOnly)
        session.log.info('Upload only: no deploy notification was sent, so no run starts.');
    return {
        facts: {
            artifact: { ...deployment.artifact, sha256: receipt.sha256 },
            fileLocation: session.value(receipt.signed.fileLocation) || undefined,
            playgroundFileLocation: session.value(receipt.signed.playgroundFileLocation),
            ...(uploadOnly ? { outcome: 'skipped' } : {})
        },
        handoff: { runInputPath: receipt.signed.playgroundFileLocation },
        event: { type: 'uploaded' }
    };
}
/** The deploy notification, and what the service answered: a run, or why none. */
async function notify(session, handoff) {
    const { settings, log } = session;
    const runInputPath = handoff.runInputPath ?? settings.values.runInputPath;
    const answer = await session.withinDelivery(service => session.phase('Deploy notification', () => {
        const build = runInputPath
            ? { variable: settings.values.runVariable, path: runInputPath }
            : undefined;
        const notification = {
            values: {
                ...settings.values,
                deduplicationKey: deduplicationKeyOf(settings, handoff.destination)
            },
            git: settings.git,
            build
        };
        log.info(build
            ? `Notifying the service with ${build.variable}=${(0,shared_text/* quote */.hD)(build.path)}.`
            : 'Notifying the service of the deployment (no build attached).');
        log.debug(`Deploy notification body: ${JSON.stringify(service.notificationBody(notification))}`);
        return service.notify(notification).then(answer => ({ answer, service }));
    }));
    const facts = {
        ...(runInputPath && !handoff.runInputPath
            ? { playgroundFileLocation: session.value(runInputPath) }
            : {}),
        outcome: answer.answer.outcome,
        runId: answer.answer.runId || undefined,
        runIds: answer.answer.runIds,
        duplicate: answer.answer.duplicate,
        preview: answer.answer.preview,
        environment: answer.answer.environment && session.value(answer.answer.environment),
        environmentId: answer.answer.environmentId,
        ...(await answerFacts(session, answer.service, answer.answer))
    };
    return { facts, event: { type: 'notified' } };
}
/** What the log says of the service's answer, and what the answer adds: the run's page, or why no run. */
async function answerFacts(session, service, answer) {
    const { log, settings } = session;
    if (answer.warning)
        session.warn(`The service warns: ${answer.warning}`, 'Service warning');
    const where = answer.environment ? ` on environment ${(0,shared_text/* quote */.hD)(answer.environment)}` : '';
    if (answer.preview) {
        log.notice(`No run was created for this preview deployment${where}: the service answered with no trigger for it, which is not a failure. runId is empty.`, 'No run for this preview');
        return {};
    }
    if (answer.outcome !== 'success') {
        const cause = answer.cause ?? 'no-trigger';
        return {
            noRun: {
                cause,
                reason: session.output.text(answer.reason ?? 'no trigger matched this deployment'),
                advice: noRunAdvice(cause, settings.values.deploymentType)
            }
        };
    }
    // A repeated notification of the same deployment: the service answers with the run it started before.
    const done = answer.duplicate ? 'already existed for this deployment' : 'created';
    log.info(`Run ${answer.runId || '(no id given)'} ${done}${where}.`);
    if (answer.runIds.length > 1)
        log.info(`The deployment started ${answer.runIds.length} runs: ${answer.runIds.join(', ')}.`);
    if (!answer.runId) {
        log.warning('The service reported a run without an id; runId is empty.');
        return {};
    }
    return { runUrl: await runPageOf(session, service, answer.runId) };
}
/**
 * Asks the service once for a new run's page (the verdict endpoint names
 * it), so that every front end links to the run without waiting for its
 * verdict. A courtesy: a failure is a notice, never the deploy's.
 */
async function runPageOf(session, service, runId) {
    const later = session.settings.wait ? ' until the wait learns it' : '';
    try {
        const answer = await service.greenlight(runId, shared_clock/* clock */.pm.now() + RUN_PAGE_TIMEOUT_MS);
        if (answer.runUrl) {
            const runUrl = session.value(answer.runUrl);
            session.log.info(`Run page: ${runUrl}`);
            return runUrl;
        }
        session.log.notice(`The service named no page for run ${runId}; runUrl is empty${later}.`, 'Run page unknown');
    }
    catch (error) {
        if (service.config.policy.signal?.aborted)
            throw error;
        session.log.notice(`The page of run ${runId} could not be asked for (${(0,errors/* messageOf */.bD)(error).replace(/\.$/, '')}); runUrl is empty${later}. The deploy itself is done.`, 'Run page unknown');
    }
    return undefined;
}
/** A preview environment ended (or found ended before). */
async function terminate(session) {
    const environment = session.settings.environmentRef;
    const [which, value] = Object.entries(environment)[0];
    const result = await session.withinDelivery(service => session.phase('End the preview environment', () => service.terminate(environment)));
    session.log.info(result.state === 'already'
        ? `The environment with ${which} ${(0,shared_text/* quote */.hD)(value)} was already ended.`
        : `The environment with ${which} ${(0,shared_text/* quote */.hD)(value)} is ended${result.environmentId ? ` (${result.environmentId})` : ''}; the service stops testing it.`);
    return { facts: { terminated: result, outcome: 'success' }, event: { type: 'terminated' } };
}

;// CONCATENATED MODULE: ./src/core/deploy/orchestrator.ts




























/** The steps that send nothing to the service: they run before the front end's last check before requests. */
const BEFORE_REQUESTS = ['locateBuild', 'checkBuild'];
/**
 * The one orchestrator, for every mode of every front end: checks the
 * options, decides the plan, runs its steps for each deployment, writes what
 * each learned into that deployment's facts (the only writer of them), judges
 * them by the one rule, and hands the facts to the reporters it was given. It
 * writes no report itself and never throws: the facts say what was learned
 * and what stopped it, the judgement what that means for the pipeline.
 */
async function runDeploy(command, values, hooks) {
    const startedAt = shared_clock/* clock */.pm.now();
    const warnings = [];
    const output = new OutputFilter(hooks.vocabulary, hooks.log, warnings);
    const reporting = new Reporting(output, hooks.reporters ?? []);
    // Masked before anything else can print them, even when they fail validation or sit in another option.
    output.addSecretOptions(values, hooks.env);
    // A step that reads a build boots the reader's worker beside the rest of its start-up.
    if (values.file !== undefined && values.file !== '')
        (0,read/* warmReader */.LY)();
    // A collect's deployments are the ones it finds; any other mode has one at least.
    const collects = asksToCollect(command, values);
    const progress = collects
        ? { deployments: [], collect: emptyCollect() }
        : { deployments: [newDeployment(deploymentName({}), startedAt)] };
    let settings;
    try {
        if (hooks.signal?.aborted)
            throw new errors/* AbortedError */.oM('The deploy was stopped before it started.');
        // What an earlier step attested goes first: a step refused from here on attests nothing.
        const attested = values.testAttestation;
        if (typeof attested === 'string' && attested.trim())
            await clearAttestation((0,external_node_path_.resolve)(hooks.workingDirectory, attested.trim()));
        const limits = limitsFromEnv(hooks.env ?? {});
        settings = await settle(command, values, hooks, output, limits);
        await runMode({ settings, limits, output, hooks, reporting }, progress, startedAt);
    }
    catch (error) {
        // Before any request: every deployment ends with what stopped the step (a collect, the collect itself).
        const failure = failureOf(error, output, hooks.signal);
        if (progress.collect)
            progress.collect.failure = collectFailureOf(failure);
        for (const deployment of progress.deployments) {
            deployment.failure ??= failure;
            deployment.outcome = 'aborted';
        }
    }
    const facts = judged(progress, output, warnings, startedAt);
    (0,read/* coolReader */.rM)();
    await reporting.finish(facts);
    return { facts, settings };
}
/** The step's facts, each deployment judged by the one rule and the step by its deployments (a collect by itself). */
function judged({ deployments, collect }, output, warnings, startedAt) {
    for (const deployment of deployments) {
        const { message, ...judgement } = conclude(deployment);
        deployment.judgement = { ...judgement, message: message && output.text(message) };
    }
    return {
        deployments,
        judgement: judgeStep({ deployments, collect }),
        warnings,
        startedAt,
        endedAt: shared_clock/* clock */.pm.now(),
        ...(collect ? { collect } : {})
    };
}
/** The step's mode: a collect and a skip by themselves, any other by the deploy's steps, a deployment per build or run. */
async function runMode(run, progress, startedAt) {
    const { settings, limits, output, hooks, reporting } = run;
    const targets = () => optionReporters(settings.values, reportContext(settings, limits, output, hooks));
    if (settings.mode === 'collect') {
        const collection = await collectPending({ settings, limits, output, hooks });
        progress.deployments = collection.deployments;
        progress.collect = collection.facts;
        reporting.add(targets());
        reporting.add([collectedReporter(collection, settings, output, hooks)]);
        await reporting.prepare();
        return;
    }
    if (settings.mode === 'skip') {
        progress.deployments = skippedDeployments(settings, startedAt);
        reporting.add(targets());
        await reporting.prepare();
        return skipChecks(settings, progress.deployments, output, hooks);
    }
    const name = deploymentName({
        checkName: settings.values.checkName,
        deploymentType: settings.values.deploymentType,
        environment: settings.values.environment?.all
    });
    const files = settings.values.file ?? [];
    const each = files.length > 0 ? files : settings.runIds;
    progress.deployments = (each.length > 0 ? each : [undefined]).map(() => newDeployment(name, startedAt));
    await runSteps({ ...run, deployments: progress.deployments });
}
function newDeployment(name, startedAt) {
    return { name, startedAt, failOnNoRun: true, warnings: [] };
}
/**
 * The plan's steps: the ones that send nothing for every deployment first
 * (a refusal of any ends the step before the first request), the names
 * decided once, then each deployment's requests beside the others', each
 * ending by itself.
 */
async function runSteps(run) {
    const { settings, hooks, deployments, reporting, output } = run;
    // Each deployment's delivery, poll and request listens to the caller's stop: no warning past ten.
    if (hooks.signal)
        (0,external_node_events_namespaceObject.setMaxListeners)(Math.max(10, deployments.length * 4), hooks.signal);
    deployments.forEach((deployment, i) => Object.assign(deployment, given_facts_factsOf(settings, i, text => output.value(text))));
    const plan = planOf(settings, hooks.ci);
    if ('skip' in plan) {
        for (const deployment of deployments)
            deployment.outcome = 'skipped';
        output.log.notice(plan.skip, 'Deployment not healthy');
        return;
    }
    const handoffs = deployments.map((_d, i) => ({ file: settings.values.file?.[i] }));
    const sessions = sessionsOf(run, handoffs);
    const before = plan.steps.filter(step => BEFORE_REQUESTS.includes(step));
    for (const [index, session] of sessions.entries())
        for (const step of before)
            take(run, index, handoffs, await STEPS[step](session, handoffs[index], deployments[index]));
    distinctBuilds(handoffs);
    distinctDestinations(handoffs);
    // A wait-only step's names may come from the check runs of its runs: decided once, unique in the step.
    nameDeployments(settings, deployments, handoffs, (await adoptedNames(settings, deployments, output, hooks)) ??
        (await gitlabAdoptedNames(settings, deployments, output, hooks)));
    const github = await githubReporters(settings, deployments, output, hooks);
    const gitlab = gitlabReporters(settings, output, hooks);
    const bitbucket = bitbucketReporters(settings, output, hooks);
    for (const line of planLines(settings))
        output.log.info(line);
    for (const [index, session] of sessions.entries()) {
        const { artifact, destination } = handoffs[index];
        for (const line of buildLines(artifact, destination))
            session.log.info(line);
        session.emitEvent({ type: 'planned', mode: settings.mode });
    }
    reporting.add(optionReporters(settings.values, reportContext(settings, run.limits, output, hooks)));
    reporting.add(github);
    reporting.add(gitlab);
    reporting.add(bitbucket);
    await reporting.prepare();
    const rest = plan.steps.filter(step => !before.includes(step));
    // Deliveries (the reads of the upload, its socket, the notification) a few at a time: a step of
    // fifty builds holds as many files and sockets as one of four; the waits that follow only poll.
    const delivery = pLimit(PARALLEL_DELIVERIES);
    await Promise.all(sessions.map((session, index) => requests(run, session, index, handoffs, rest, delivery)));
}
/** Each deployment's session: beside each other, several deployments' lines each name their build. */
function sessionsOf(run, handoffs) {
    const { settings, limits, output, hooks, deployments, reporting } = run;
    return deployments.map((deployment, index) => {
        const log = deployments.length > 1
            ? labelledLog(output.log, () => labelOf(deployment, handoffs[index].file))
            : output.log;
        return new DeploySession(settings, limits, output, hooks, deployment, log, event => {
            // Where the run is while waiting is a fact of the deployment, as everything it learns.
            if (event.type === 'waiting')
                deployment.stage = 'waiting for the verdict';
            if (event.type === 'status')
                deployment.stage = stageWords(event.status);
            reporting.event(event, deployments, index);
        });
    });
}
/** Deliveries under way at once in one step: its open files and sockets, its memory, bounded. */
const PARALLEL_DELIVERIES = 4;
/** One deployment's requests in order; what stops them ends this deployment alone. */
async function requests(run, session, index, handoffs, steps, delivery) {
    const deployment = run.deployments[index];
    const each = async (some) => {
        for (const step of some)
            take(run, index, handoffs, await STEPS[step](session, handoffs[index], deployment));
    };
    try {
        await delivery(() => each(steps.filter(step => step !== 'wait')));
        await each(steps.filter(step => step === 'wait'));
    }
    catch (error) {
        deployment.failure = failureOf(error, run.output, run.hooks.signal);
        // A wait stopped after the notification created the run: the deploy itself succeeded, and the
        // run goes on at the service. The cause says it was stopped; the message how to wait again.
        if (deployment.failure.interrupted && deployment.runId && deployment.outcome === 'success')
            deployment.failure.message = run.output.text(stoppedWait(deployment, run.hooks.signal));
        else
            deployment.outcome = 'aborted';
    }
    finally {
        session.endDelivery();
    }
}
/** A step's result written into its deployment's facts, and what it hands the next steps. */
function take(run, index, handoffs, result) {
    const { facts, handoff, event } = result;
    Object.assign(run.deployments[index], facts);
    Object.assign(handoffs[index], handoff);
    if (event)
        run.reporting.event(event, run.deployments, index);
}

;// CONCATENATED MODULE: ./src/action/inputs.ts

/**
 * Every input the action offers, by option key, as the runner gives it:
 * text, empty when not set. The core reads and checks each by the option
 * table, so an input is refused with the same words as the CLI's flag.
 */
function readInputs(get) {
    const values = {};
    for (const key of optionsOf('action')) {
        const value = get(spelling('action', key));
        if (value !== '')
            values[key] = value;
    }
    return values;
}

;// CONCATENATED MODULE: ./src/action/job-summary.ts



/**
 * The step's job summary: the step's facts in markdown, appended to the file
 * GITHUB_STEP_SUMMARY names now; outside a runner there is nothing to write
 * to.
 */
class JobSummary {
    path;
    name = 'job summary';
    constructor(path) {
        this.path = path;
    }
    async finish(facts) {
        if (!this.path)
            return;
        await (0,promises_namespaceObject.appendFile)(this.path, `${summaryMarkdown(facts)}${external_node_os_namespaceObject.EOL}`);
    }
}

;// CONCATENATED MODULE: ./src/action/log.ts


/**
 * The step's log. Every line goes through the one formatter (sanitize) on its way out
 * (the core's lines already have; the action's own are made so here), so no
 * value from outside in it can begin a workflow command; annotations are
 * escaped by @actions/core as well.
 */
const runnerLog = {
    info(message) {
        core/* info */.pq((0,shared_text/* sanitizeLine */.g$)(message));
    },
    debug(message) {
        core/* debug */.Yz((0,shared_text/* sanitize */.aj)(message));
    },
    notice(message, title) {
        core/* notice */.lm((0,shared_text/* sanitize */.aj)(message), title ? { title } : {});
    },
    warning(message, title) {
        core/* warning */.$e((0,shared_text/* sanitize */.aj)(message), title ? { title } : {});
    },
    error(message, title) {
        core/* error */.z3((0,shared_text/* sanitize */.aj)(message), { title });
    },
    /** Hides a secret from every later line of the runner's log; a value too short to be one is not masked. */
    mask(secret) {
        if (secret.length >= redact/* MIN_SECRET_LENGTH */.vb)
            core/* setSecret */.Pq(secret);
    },
    group(name, work) {
        return core/* group */.Os((0,shared_text/* sanitize */.aj)(name), work);
    }
};

;// CONCATENATED MODULE: ./src/action/outputs.ts



/**
 * The step's outputs, set for a later step to read: each the moment it is
 * known (before a later failure), once per value, and all again when the
 * step is judged. Required: a step whose outputs cannot be written fails,
 * for a run created whose id cannot be handed on would be created again by a
 * rerun.
 */
class ActionOutputs {
    file;
    name = 'outputs';
    required = true;
    written = new Map();
    constructor(file) {
        this.file = file;
    }
    prepare() {
        checkOutputFile(this.file);
    }
    onEvent(_event, deployments) {
        this.set(deployments);
    }
    finish(facts) {
        this.set(facts.deployments);
    }
    set(deployments) {
        for (const [name, value] of Object.entries(outputsOf(deployments))) {
            if (this.written.get(name) === value)
                continue;
            core/* setOutput */.uH(name, value);
            this.written.set(name, value);
        }
    }
}
/**
 * The runner's outputs file must be writable before the first request: a
 * run created whose id cannot be handed on would be created again by a rerun.
 */
function checkOutputFile(path) {
    if (!path)
        return;
    let problem;
    try {
        (0,external_node_fs_.accessSync)(path, external_node_fs_.constants.W_OK);
        if (!(0,external_node_fs_.statSync)(path).isFile())
            problem = 'it is not a file';
    }
    catch (error) {
        problem = error.code ?? (0,errors/* messageOf */.bD)(error);
    }
    if (problem)
        throw new errors/* DeployError */.sH(`GITHUB_OUTPUT names ${(0,shared_text/* quote */.hD)(path)}, which cannot be written (${problem}), so no output could be handed on; nothing was sent. The runner sets this file: run the action as a step of a workflow.`);
}

;// CONCATENATED MODULE: ./src/action/vocabulary.ts

/** The action's words: its inputs by their names in action.yml. */
const ACTION_VOCABULARY = {
    frontEnd: 'action',
    name: option => spelling('action', option),
    subject: option => `Input '${spelling('action', option)}'`,
    setting: (option, value) => `${spelling('action', option)}: ${value}`
};

;// CONCATENATED MODULE: ./src/action/main.ts








/**
 * The runner's cancel (and a job's timeout-minutes): SIGINT, then SIGTERM
 * 7.5 s later, then SIGKILL 2.5 s after that. The first stops the deploy,
 * which ends as stopped (`cancelled` on the check run); the reports then get
 * their few seconds and the step ends. A second signal ends it at once.
 */
function stopOnSignals() {
    const stop = new AbortController();
    for (const name of ['SIGINT', 'SIGTERM'])
        process.on(name, () => {
            if (stop.signal.aborted)
                process.exit(130);
            stop.abort(new Error(`the job was canceled: ${name}`));
        });
    return stop.signal;
}
/**
 * The step: the inputs and the event handed to the core's one orchestrator,
 * with the step's reporters (its outputs, the job summary, and on GitHub the
 * check runs and the comment); then the one error or warning line and the
 * step's result from the judgement. The only place that fails the step;
 * every failure, thrown or not, ends as one `::error::` line. `signal` stops
 * the deploy (the runner's cancel); the step then exits 130. `env` is the
 * runner's environment, the only place the step reads it from.
 */
async function run(signal, env) {
    // The one redaction, told every secret the deploy registers: the runner masks each, and GitHub's writes go through it.
    const secrets = new redact/* Secrets */.Sb(secret => runnerLog.mask(secret));
    // The core tells each spelling it masks (a key's, a signed URL's): taken as spelled, since the key itself is added below.
    const log = { ...runnerLog, mask: (secret) => secrets.addExact(secret) };
    try {
        // Masked before anything else can print it, even when it fails validation.
        const values = readInputs(name => core/* getInput */.V4(name));
        if (values.apiKey)
            secrets.add(values.apiKey);
        if (values.githubToken)
            secrets.add(values.githubToken);
        const context = githubContext(env.GITHUB_EVENT_NAME ?? '', readEvent(env), env);
        for (const note of context.notes)
            runnerLog.warning(note, 'Event value left out');
        const { facts } = await runDeploy(undefined, values, {
            frontEnd: 'action',
            vocabulary: ACTION_VOCABULARY,
            log,
            signal,
            ci: context,
            env,
            workingDirectory: env.GITHUB_WORKSPACE || process.cwd(),
            reporters: [new ActionOutputs(env.GITHUB_OUTPUT), new JobSummary(env.GITHUB_STEP_SUMMARY)]
        });
        main_conclude(facts);
        if (signal?.aborted)
            process.exitCode = 130;
    }
    catch (error) {
        // Only the action's own reading can throw here: the core never does.
        failWith(`The step could not finish: ${(0,errors/* messageOf */.bD)(error)}`, 'Mobile build deploy failed');
    }
}
/**
 * The one error or warning line, and the step's result, from the step's
 * judgement. A collect's says whether collecting worked, never whether a
 * pull request's run passed: a failed verdict is the pull request's check,
 * not this job's.
 */
function main_conclude({ judgement, deployments, problem, collect }) {
    const usage = !problem && (collect ? collect.failure?.usage : deployments.some(d => d.failure?.usage));
    if (judgement.conclusion === 'failure')
        failWith(judgement.message ?? 'The deploy failed.', usage ? 'Invalid input' : collect ? 'Collect failed' : 'Mobile build deploy failed');
    else if (judgement.conclusion === 'warning' && judgement.message)
        runnerLog.warning(judgement.message, 'No run created');
}
function failWith(message, title) {
    runnerLog.error((0,shared_text/* sanitize */.aj)(message), title);
    process.exitCode = 1;
}
/** The event payload; a missing or unreadable file means an empty payload, not a failure. */
function readEvent(env) {
    const path = env.GITHUB_EVENT_PATH;
    if (!path)
        return {};
    try {
        const parsed = JSON.parse((0,external_node_fs_.readFileSync)(path, 'utf8'));
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
            ? parsed
            : {};
    }
    catch (error) {
        runnerLog.warning(`The event file could not be read (${(0,errors/* messageOf */.bD)(error)}); branch and commit come from GITHUB_REF and GITHUB_SHA.`);
        return {};
    }
}


/***/ }),

/***/ 1841:
/***/ ((__unused_webpack_module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

/* harmony import */ var _core_warm_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2639);
/**
 * Imported first by the bundle's entry, before the step's code loads: a step
 * given a build boots the reader's worker while the rest of the bundle
 * loads and the inputs are read (core/warm.ts).
 */

if (process.env.INPUT_FILE?.trim())
    (0,_core_warm_js__WEBPACK_IMPORTED_MODULE_0__/* .warmReader */ .LY)();


/***/ }),

/***/ 2368:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   L8: () => (/* binding */ classify),
/* harmony export */   XL: () => (/* binding */ foreignAnswer),
/* harmony export */   cP: () => (/* binding */ redirected),
/* harmony export */   mG: () => (/* binding */ API_VERSION),
/* harmony export */   r1: () => (/* binding */ MAX_RATE_LIMIT_WAIT_MS)
/* harmony export */ });
/* harmony import */ var _transport_foreign_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(7653);
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(2287);
/* harmony import */ var _shared_format_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(4846);
/* harmony import */ var _shared_text_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(986);
/* harmony import */ var _transport_retry_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(2927);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7872);
/**
 * What GitHub's answers mean to the client, in the one retry rule's terms:
 * a refusal, a rate limit worth waiting for, a redirect never followed, and
 * an address outside GitHub's API that the token is never sent to.
 */







/** The REST API version the client is written for; GitHub answers each request by the version it asks for. */
const API_VERSION = '2022-11-28';
/** The longest wait a rate limit may ask for before the write is given up. */
const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** A redirect is never followed with the token: it is told, with where it leads. */
function redirected(status, location, baseUrl) {
    const to = typeof location === 'string' && location ? ` to ${location}` : '';
    return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_(`GitHub's API at ${baseUrl} answered ${status}, a redirect${to}, which is not followed with the token. GITHUB_API_URL must be the API's own address (https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server)`, status);
}
/**
 * An Octokit failure in the retry policy's terms: a 5xx or a failed
 * connection is transient; a rate limit (429, or 403 with GitHub's
 * rate-limit words or headers) is transient after the wait GitHub asks for,
 * when that is not too long; anything else is permanent.
 */
function classify(error) {
    const failed = error;
    const status = typeof failed.status === 'number' ? failed.status : 0;
    const headers = failed.response?.headers ?? {};
    // Cut where it comes in: a match, the redaction and the formatters read no more of it than a report shows.
    const githubMessage = (0,_shared_text_js__WEBPACK_IMPORTED_MODULE_1__/* .bounded */ .Mm)(String(failed.response?.data?.message ?? failed.message ?? (0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .messageOf */ .bD)(error)));
    if (error instanceof _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .NetworkError */ .Dr ||
        error instanceof _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .HttpStatusError */ .F9 ||
        error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_)
        return error;
    // What the fetch itself threw (an answer that is not GitHub's, a page outside the API):
    // Octokit wraps it as a failed request; it is told as it was thrown.
    const cause = error.cause;
    if (cause instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_ || cause instanceof _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .HttpStatusError */ .F9)
        return cause;
    if (!failed.response)
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .NetworkError */ .Dr(`GitHub could not be reached: ${githubMessage}`);
    const limited = status === 429 ||
        (status === 403 &&
            (/rate limit/i.test(githubMessage) || headers['x-ratelimit-remaining'] === '0'));
    if (limited) {
        const retryAfter = (0,_transport_retry_js__WEBPACK_IMPORTED_MODULE_3__/* .parseRetryAfter */ .mu)(headers['retry-after']) ??
            (headers['x-ratelimit-reset']
                ? Math.max(0, Number(headers['x-ratelimit-reset']) * 1000 - Date.now())
                : 60_000);
        if (retryAfter <= MAX_RATE_LIMIT_WAIT_MS)
            return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .HttpStatusError */ .F9(`GitHub's rate limit: ${githubMessage}`, 429, retryAfter);
        return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubRateLimitError */ .Rr(`GitHub's rate limit asks to wait ${(0,_shared_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatMinutes */ .dp)(retryAfter / 60_000)}, longer than a call waits (${(0,_shared_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatMinutes */ .dp)(MAX_RATE_LIMIT_WAIT_MS / 60_000)}): ${githubMessage.replace(/\.$/, '')}. Nothing is wrong with the token; fewer jobs writing at once, or a later run, gets through`, status, retryAfter);
    }
    if (status >= 500)
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .HttpStatusError */ .F9(`GitHub answered ${status}: ${githubMessage}`, status);
    const permissions = headers['x-accepted-github-permissions'];
    return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GitHubError */ .y_(githubMessage, status, permissions && (0,_shared_text_js__WEBPACK_IMPORTED_MODULE_1__/* .bounded */ .Mm)(permissions));
}
/**
 * An answer that is not JSON, where GitHub's API always answers JSON: told
 * as what it is (a page's title, the start of a text), with where to look.
 * A 5xx is transient, as any; anything else is permanent.
 */
function foreignAnswer(status, label, contentType, body, baseUrl) {
    const what = (0,_transport_foreign_js__WEBPACK_IMPORTED_MODULE_5__/* .foreignWhat */ .n)(body, contentType);
    const text = `GitHub's API at ${baseUrl} answered ${label} (${status}) with ${what}, where JSON was expected. GITHUB_API_URL must be GitHub's API (https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server), and a proxy between the runner and GitHub must pass its answers through (https_proxy, no_proxy)`;
    return status >= 500 ? new _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .HttpStatusError */ .F9(text, status) : new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ForeignAnswerError */ .Zy(text, status);
}


/***/ }),

/***/ 7872:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Rr: () => (/* binding */ GitHubRateLimitError),
/* harmony export */   Zy: () => (/* binding */ ForeignAnswerError),
/* harmony export */   bv: () => (/* binding */ collectFailure),
/* harmony export */   d5: () => (/* binding */ notShown),
/* harmony export */   oC: () => (/* binding */ PERMISSION),
/* harmony export */   y_: () => (/* binding */ GitHubError)
/* harmony export */ });
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2287);

/**
 * A GitHub answer the action cannot use: its status, GitHub's message, and
 * the permissions it names. Apart from the client, so that the reporter tells
 * one from another without loading Octokit before it is needed.
 */
class GitHubError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .DeployError */ .sH {
    status;
    accepted;
    name = 'GitHubError';
    constructor(message, status, 
    /** `x-accepted-github-permissions`, e.g. `issues=write; pull_requests=write`. */
    accepted) {
        super(message);
        this.status = status;
        this.accepted = accepted;
    }
}
/**
 * GitHub's rate limit asking for a longer wait than a call may take: told
 * with the wait, never as a refusal of the token's permissions.
 */
class GitHubRateLimitError extends GitHubError {
    waitMs;
    name = 'GitHubRateLimitError';
    constructor(message, status, 
    /** The wait GitHub asked for (retry-after, or to x-ratelimit-reset). */
    waitMs) {
        super(message, status);
        this.waitMs = waitMs;
    }
}
/**
 * An answer that is not GitHub's API speaking (a proxy's sign-in page, an
 * HTML error page): told as what it is, with where to look, never as a
 * permission the token lacks.
 */
class ForeignAnswerError extends GitHubError {
    name = 'ForeignAnswerError';
}
/** The permission each kind of write needs of the token. */
const PERMISSION = {
    check: 'checks: write',
    comment: 'pull-requests: write'
};
/**
 * Pure: how a write that failed is told: a refusal for want of a permission
 * (403, 404) names it, as a notice; a redirect is a notice; anything else a
 * warning. `why` is GitHub's words, redacted; `where` says where
 * the verdict is instead (with report-later the job ends before it: it is
 * in no summary or output of this job).
 */
function notShown(kind, error, { why, where = 'The verdict is in the job summary and the outputs.' }) {
    const what = kind === 'check' ? 'The check run' : 'The pull-request comment';
    const status = error.status ?? 0;
    const words = why.replace(/\.$/, '');
    if (error instanceof GitHubRateLimitError || error instanceof ForeignAnswerError)
        return {
            level: 'warning',
            text: `${what} could not be written: ${words}.${where ? ` ${where}` : ''}`
        };
    if (status === 403 || status === 404)
        return {
            level: 'notice',
            text: `${what} could not be written: GitHub answered ${status} (${words}). The token needs ${PERMISSION[kind]}: give the job permissions: ${PERMISSION[kind]}. A fork's or Dependabot's pull request gets a read-only token; deploy from a workflow_run workflow for those.${where ? ` ${where}` : ''}`
        };
    if (status >= 300 && status < 400)
        return {
            level: 'notice',
            text: `${what} could not be written: ${words}.${where ? ` ${where}` : ''}`
        };
    return {
        level: 'warning',
        text: `${what} could not be written: ${words}.${where ? ` ${where}` : ''}`
    };
}
/**
 * Pure: what a failed request of a collect comes to, for its pass and its
 * reporter alike: the token refused or GitHub's rate limit ends the collect
 * (every other check would meet it too: `stop`); GitHub or the service out of
 * reach is a `problem` of this check, which fails the collect and is tried
 * again next time; anything about the check itself (a write GitHub refused)
 * is a `warning`, and it is left as it is. `what` names the check.
 */
function collectFailure(error, what) {
    const status = error.status;
    const code = typeof status === 'number' ? status : 0;
    if (error instanceof GitHubRateLimitError || error instanceof ForeignAnswerError)
        return { stop: new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .DeployError */ .sH((0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .messageOf */ .bD)(error)) };
    if (error instanceof GitHubError && (code === 401 || code === 403))
        return {
            stop: new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .DeployError */ .sH(`GitHub refused the token (${code}: ${(0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .messageOf */ .bD)(error).replace(/\.$/, '')}): a collect writes check runs and comments. Give the collecting job permissions: checks: write and pull-requests: write (a workflow's GITHUB_TOKEN), or a token that may.`)
        };
    // The service's refusal of the key: every other run would meet it too.
    if (code === 401 || code === 403)
        return { stop: error };
    const text = `${what} could not be collected: ${(0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .messageOf */ .bD)(error)}`;
    return error instanceof GitHubError && code >= 400 && code < 500
        ? { warning: `${text} It is left as it is.` }
        : { problem: `${text} It is collected again next time.` };
}


/***/ }),

/***/ 5678:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  createGitLabClient: () => (/* binding */ createGitLabClient)
});

// EXTERNAL MODULE: ./src/core/gitlab/errors.ts
var errors = __nccwpck_require__(896);
;// CONCATENATED MODULE: ./src/core/gitlab/answers.ts

/** An answer that should be a JSON object. */
function object(value, what) {
    if (value && typeof value === 'object' && !Array.isArray(value))
        return value;
    throw new errors/* GitLabError */.YZ(`GitLab's API answered without the ${what} it should name`, 0);
}
function answers_text(value) {
    return typeof value === 'string' ? value : undefined;
}
function usernameOf(value) {
    return value && typeof value === 'object'
        ? answers_text(value.username)
        : undefined;
}
/** A commit status; GitLab calls its state `status`. */
function statusOf(raw) {
    const status = object(raw, 'commit status');
    return {
        id: Number(status.id),
        name: answers_text(status.name) ?? '',
        status: answers_text(status.status) ?? '',
        sha: answers_text(status.sha) ?? '',
        description: answers_text(status.description),
        targetUrl: answers_text(status.target_url),
        ref: answers_text(status.ref),
        author: usernameOf(status.author)
    };
}
/** A merge-request note as a comment of the host's; its author by username. */
function noteOf(raw) {
    const note = object(raw, 'note');
    return {
        id: Number(note.id),
        body: answers_text(note.body) ?? '',
        author: usernameOf(note.author),
        system: note.system === true
    };
}
/** The iid of a merge request if it is open (`opened`), else undefined. */
function openIidOf(raw) {
    const merge = object(raw, 'merge request');
    return merge.state === 'opened' && Number.isSafeInteger(merge.iid) ? Number(merge.iid) : undefined;
}
/** The username of `GET /user`. */
function usernameOfUser(raw) {
    const username = answers_text(object(raw, 'user').username);
    if (!username)
        throw new errors/* GitLabError */.YZ(`GitLab's API answered without the token's username`, 0);
    return username;
}

// EXTERNAL MODULE: ./src/core/host/api.ts
var host_api = __nccwpck_require__(3182);
// EXTERNAL MODULE: ./src/core/transport/send.ts
var send = __nccwpck_require__(5163);
;// CONCATENATED MODULE: ./src/core/gitlab/requests.ts




/** The most pages a list reads: 2,000 statuses or notes of one commit or merge request. */
const MAX_PAGES = 20;
/** Pure: CI_API_V4_URL as the client uses it, or a clear error before any request (https, or http to this machine). */
function apiAddress(apiUrl) {
    return (0,host_api/* apiAddress */.z)(errors/* GITLAB */.eF, apiUrl);
}
/** The API of one client: GitLab's address and the token. */
function gitlabApi(apiUrl, token, limits) {
    return {
        url: apiAddress(apiUrl),
        dialect: errors/* GITLAB */.eF,
        headers: { 'private-token': token },
        limits,
        requests: 0
    };
}
/**
 * Every page of a list, `first` being the first page's address: the next
 * one while GitLab's `X-Next-Page` names one (empty on the last), at the
 * address its `Link: rel="next"` gives (checked to be within the API) or
 * else this one with `page` moved on; never more than {@link MAX_PAGES}.
 */
async function pages(api, first) {
    const items = [];
    let url = first;
    for (let read = 0; url !== undefined && read < MAX_PAGES; read++) {
        const answer = await (0,host_api/* request */.E)(api, 'GET', url);
        if (!Array.isArray(answer.json))
            throw new errors/* GitLabError */.YZ(`GitLab's API answered ${(0,send/* labelOf */.Wy)('GET', url)} without a list`, 0);
        items.push(...answer.json);
        url = nextPage(url, answer.headers);
    }
    return items;
}
/** Pure: the address of the page after `url`, or undefined on the last. */
function nextPage(url, headers) {
    const next = String(headers['x-next-page'] ?? '').trim();
    if (!next)
        return undefined;
    const linked = /<([^>]+)>\s*;\s*rel="next"/.exec(String(headers.link ?? ''))?.[1];
    if (linked)
        return linked;
    if (!/^\d{1,6}$/.test(next))
        throw new errors/* GitLabError */.YZ(`GitLab's API named ${JSON.stringify(next.slice(0, 40))} as the next page`, 0);
    const page = new URL(url);
    page.searchParams.set('page', next);
    return page.toString();
}

;// CONCATENATED MODULE: ./src/core/gitlab/client.ts



/**
 * The client of one project: every request to `connection.apiUrl` (checked
 * here, before any request: https, or http to this machine only), the
 * project by its id or its path (URL-encoded: `group%2Fproject`).
 */
function createGitLabClient(connection) {
    const api = gitlabApi(connection.apiUrl, connection.token, connection.limits);
    if (!connection.project.trim())
        throw new Error(`GitLab's project (CI_PROJECT_ID) is empty: give its id or its path (group/project)`);
    const project = `${api.url}/projects/${encodeURIComponent(connection.project)}`;
    const commit = (sha) => `${project}/repository/commits/${encodeURIComponent(sha)}`;
    return {
        async postStatus(sha, status, call) {
            const answer = await (0,host_api/* request */.E)(api, 'POST', `${project}/statuses/${encodeURIComponent(sha)}`, statusBody(status), call);
            return statusOf(answer.json);
        },
        async listStatuses(sha, filter = {}) {
            const query = new URLSearchParams({
                ...(filter.name !== undefined ? { name: filter.name } : {}),
                ...(filter.all ? { all: 'true' } : {}),
                per_page: '100'
            });
            const found = (await pages(api, `${commit(sha)}/statuses?${query}`)).map(statusOf);
            return found.sort((a, b) => b.id - a.id);
        },
        async readNote(change, id) {
            const { body, author } = noteOf((await (0,host_api/* request */.E)(api, 'GET', `${project}/merge_requests/${change}/notes/${id}`)).json);
            return { id, body, author };
        },
        async openMergeRequests() {
            const answer = await (0,host_api/* request */.E)(api, 'GET', `${project}/merge_requests?state=opened&order_by=updated_at&sort=desc&per_page=100`);
            if (!Array.isArray(answer.json))
                throw new errors/* GitLabError */.YZ(`GitLab's API answered the merge requests without a list`, 0);
            return answer.json.map(openIidOf).filter((iid) => iid !== undefined);
        },
        ...noteCalls(api, project),
        requestCount: () => api.requests
    };
}
/** The notes of a merge request and the token's user: the client as a comment host. */
function noteCalls(api, project) {
    const notes = (change) => `${project}/merge_requests/${change}/notes`;
    let identity;
    return {
        host: 'GitLab',
        async findComments(change, wanted) {
            const found = await pages(api, `${notes(change)}?sort=asc&order_by=created_at&per_page=100`);
            // GitLab's own notes (a push, a label) are the system's, never a comment of anyone's.
            return found
                .map(noteOf)
                .filter(note => !note.system)
                .map(({ id, body, author }) => ({ id, body, author }))
                .filter(wanted);
        },
        async createComment(change, body) {
            const { id, author, body: written } = noteOf((await (0,host_api/* request */.E)(api, 'POST', notes(change), { body })).json);
            return { id, author, body: written };
        },
        async updateComment(change, id, body, call) {
            await (0,host_api/* request */.E)(api, 'PUT', `${notes(change)}/${id}`, { body }, call);
        },
        ownIdentity() {
            // Asked once; a failure is not kept, so a later call asks again.
            identity ??= (0,host_api/* request */.E)(api, 'GET', `${api.url}/user`).then(answer => usernameOfUser(answer.json));
            identity.catch(() => (identity = undefined));
            return identity;
        }
    };
}
/** Pure: a status's request body, only the fields given, in GitLab's names. */
function statusBody(status) {
    const fields = {
        state: status.state,
        name: status.name,
        target_url: status.targetUrl,
        description: status.description,
        ref: status.ref,
        pipeline_id: status.pipelineId
    };
    return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}


/***/ }),

/***/ 896:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   AD: () => (/* binding */ gitlabFailure),
/* harmony export */   YZ: () => (/* binding */ GitLabError),
/* harmony export */   eF: () => (/* binding */ GITLAB),
/* harmony export */   jz: () => (/* binding */ missingTokenWords)
/* harmony export */ });
/* unused harmony exports StatusBusyError, TOKEN_WORDS, gitlabWords, refusal */
/* harmony import */ var _host_api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(40);
/**
 * What GitLab's answers mean to the client, in the one retry rule's terms:
 * a refusal of the token (told with the token to make), a rate limit worth
 * waiting for, a status being updated at that moment (409, worth another
 * attempt), a redirect never followed, and an answer that is not GitLab's.
 */

/** A GitLab answer the client cannot use: its status and GitLab's words (the one host error). */
const GitLabError = _host_api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .HostApiError */ .NY;
/** GitLab's 409 for a status another request is updating. */
const StatusBusyError = (/* unused pure expression or super */ null && (HostBusyError));
/** Which token a GitLab step needs, and where it is kept: said wherever GitLab refuses one. */
const TOKEN_WORDS = 'The step needs a project (or group) access token with the api scope, kept in a masked CI/CD variable GITLAB_TOKEN (protected only where every branch whose pipelines report is protected: GitLab gives a protected variable to protected refs only); CI_JOB_TOKEN cannot write commit statuses or merge-request notes';
/** Pure: why a pipeline has no GITLAB_TOKEN, where GitLab's variables tell: a protected variable withheld from an unprotected ref. */
function missingTokenWords(env) {
    return env.CI_COMMIT_REF_PROTECTED === 'false'
        ? `${TOKEN_WORDS}. This ref is not protected, so GitLab withholds a protected GITLAB_TOKEN from its pipelines: clear "Protect variable" on it (Settings, CI/CD, Variables) or protect the branch`
        : TOKEN_WORDS;
}
/** GitLab's words for a status that another request is updating: it is free again in a moment. */
const STATUS_BUSY = /another update to this commit status is in progress/i;

/** Pure: GitLab's own words in an error answer (`message`, `error`, `error_description`), cut to what a report shows. */
function gitlabWords(json) {
    if (!json || typeof json !== 'object')
        return undefined;
    const { message, error, error_description } = json;
    // A validation refusal names its fields: {"message": {"name": ["is too long"]}}.
    return (0,_host_api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .saidText */ .Rz)(message ?? error_description ?? error);
}
/** How GitLab speaks, for the one host API (host/api.ts). */
const GITLAB = {
    host: 'GitLab',
    address: 'CI_API_V4_URL',
    addressShape: 'https://HOST/api/v4',
    tokenWords: TOKEN_WORDS,
    words: gitlabWords,
    // GitLab's 409 for a status another request is updating: another attempt after a short backoff goes through.
    busy: (status, words) => status === 409 && STATUS_BUSY.test(words)
};
/** Pure: an answer that is no success, in GitLab's words (host/api-errors.ts's refusal). */
function refusal(status, label, json, retryAfter) {
    return hostRefusal(GITLAB, status, label, json, retryAfter);
}
/**
 * Pure: what a failed request of a collect on GitLab comes to, by the
 * collect's one rule (github/errors.ts's collectFailure): the token refused,
 * a rate limit longer than a call waits, or an answer that is not GitLab's
 * ends the collect (every other note would meet it too); anything else
 * GitLab refused about one status or note is a warning, and it is left as
 * it is; GitLab or the service out of reach is a problem, tried again next
 * time.
 */
const gitlabFailure = _host_api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .hostFailure */ .tB;


/***/ }),

/***/ 40:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   NY: () => (/* binding */ HostApiError),
/* harmony export */   Rz: () => (/* binding */ saidText),
/* harmony export */   XL: () => (/* binding */ foreignAnswer),
/* harmony export */   cP: () => (/* binding */ redirected),
/* harmony export */   r1: () => (/* binding */ MAX_RATE_LIMIT_WAIT_MS),
/* harmony export */   sV: () => (/* binding */ HostBusyError),
/* harmony export */   tB: () => (/* binding */ hostFailure),
/* harmony export */   x5: () => (/* binding */ refusal)
/* harmony export */ });
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2287);
/* harmony import */ var _shared_format_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(4846);
/* harmony import */ var _shared_text_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(986);
/* harmony import */ var _transport_foreign_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(7653);
/* harmony import */ var _transport_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2927);
/**
 * What a code host's answers mean to its client, in the one retry rule's
 * terms, the same for GitLab and Bitbucket (each a Dialect): a refusal of
 * the token (told with the token to make), a rate limit worth waiting for,
 * a write the host is busy with (worth another attempt, where the host says
 * so), a redirect never followed, and an answer that is not the host's.
 */





/** A code host's answer the client cannot use: its status and the host's words. */
class HostApiError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .DeployError */ .sH {
    status;
    name = 'HostApiError';
    constructor(message, status) {
        super(message);
        this.status = status;
    }
}
/** A write the host is busy with right now (GitLab's 409 of a status being updated): free again in a moment. */
class HostBusyError extends HostApiError {
    name = 'StatusBusyError';
}
/** The longest Retry-After a call waits for; a longer one is told, not waited for. */
const MAX_RATE_LIMIT_WAIT_MS = _transport_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_RETRY_DELAY_MS */ .pQ;
/** Pure: a text or an object's JSON, cut to what a report shows. */
function saidText(said) {
    if (said === undefined || said === null)
        return undefined;
    return (0,_shared_text_js__WEBPACK_IMPORTED_MODULE_2__/* .bounded */ .Mm)(typeof said === 'string' ? said : JSON.stringify(said));
}
/**
 * Pure: an answer that is no success, as the retry rule takes it: a rate
 * limit (429, Retry-After honoured when a call may wait that long) and a 5xx
 * are transient; the host's busy answer is a {@link HostBusyError};
 * 401 and 403 say which token to make; anything else is the host's refusal.
 */
function refusal(dialect, status, label, json, retryAfter) {
    const { host } = dialect;
    const words = dialect.words(json) ?? `answered ${status}`;
    if (status === 429) {
        const waitMs = (0,_transport_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .parseRetryAfter */ .mu)(retryAfter) ?? 1000;
        if (waitMs <= MAX_RATE_LIMIT_WAIT_MS)
            return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .HttpStatusError */ .F9(`${host}'s rate limit: ${label} answered 429`, 429, waitMs);
        return new HostApiError(`${host}'s rate limit asks to wait ${(0,_shared_format_js__WEBPACK_IMPORTED_MODULE_3__/* .formatMinutes */ .dp)(waitMs / 60_000)}, longer than a call waits (${(0,_shared_format_js__WEBPACK_IMPORTED_MODULE_3__/* .formatMinutes */ .dp)(MAX_RATE_LIMIT_WAIT_MS / 60_000)}). Nothing is wrong with the token; fewer jobs writing at once, or a later run, gets through`, 429);
    }
    if (status >= 500)
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .HttpStatusError */ .F9(`${host} answered ${status}: ${words}`, status);
    if (dialect.busy?.(status, words))
        return new HostBusyError(`${host} answered ${status}: ${words}`, status);
    if (status === 401 || status === 403)
        return new HostApiError(`${host} refused the token (${status}: ${words.replace(/\.$/, '')}). ${dialect.tokenWords}.`, status);
    return new HostApiError(`${host} answered ${label} ${status}: ${words}`, status);
}
/** A redirect is never followed with the token: it is told, with where it leads. */
function redirected(dialect, status, location, apiUrl) {
    const to = typeof location === 'string' && location ? ` to ${(0,_shared_text_js__WEBPACK_IMPORTED_MODULE_2__/* .bounded */ .Mm)(location)}` : '';
    return new HostApiError(`${dialect.host}'s API at ${apiUrl} answered ${status}, a redirect${to}, which is not followed with the token. ${dialect.address} must be the API's own address (${dialect.addressShape})`, status);
}
/**
 * An answer that is not JSON where the host's API answers JSON (GitLab's
 * rate limiter's plain-text 429 aside, read before this): someone else's
 * page, told as what it is. A 5xx is transient, as any.
 */
function foreignAnswer(dialect, status, label, body, apiUrl) {
    const what = (0,_transport_foreign_js__WEBPACK_IMPORTED_MODULE_4__/* .foreignWhat */ .n)(body);
    const text = `${dialect.host}'s API at ${apiUrl} answered ${label} (${status}) with ${what}, where JSON was expected. ${dialect.address} must be ${dialect.host}'s API (${dialect.addressShape}), and a proxy between the runner and ${dialect.host} must pass its answers through (https_proxy, no_proxy)`;
    return status >= 500 ? new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .HttpStatusError */ .F9(text, status) : new HostApiError(text, status);
}
/**
 * Pure: what a failed request of a collect on a host comes to, by the
 * collect's one rule (as github/errors.ts's collectFailure for GitHub): the token
 * refused, a rate limit longer than a call waits, or an answer that is not
 * the host's ends the collect (every other place would meet it too);
 * anything else the host refused about one status or report is a warning,
 * and it is left as it is; the host or the service out of reach is a
 * problem, tried again next time.
 */
function hostFailure(error, what) {
    if (!(error instanceof HostApiError)) {
        // The service's refusal of the key: every other run would meet it too; anything else is tried again.
        const status = error.status;
        if (status === 401 || status === 403)
            return { stop: error };
        return {
            problem: `${what} could not be collected: ${(0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .messageOf */ .bD)(error)} It is collected again next time.`
        };
    }
    const { status } = error;
    if (status === 0 || status === 401 || status === 403 || status === 429 || status < 400)
        return { stop: new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .DeployError */ .sH((0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .messageOf */ .bD)(error)) };
    if (status >= 500)
        return {
            problem: `${what} could not be collected: ${(0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .messageOf */ .bD)(error)} It is collected again next time.`
        };
    return { warning: `${what} could not be collected: ${(0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .messageOf */ .bD)(error)} It is left as it is.` };
}


/***/ }),

/***/ 3182:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ request),
/* harmony export */   z: () => (/* binding */ apiAddress)
/* harmony export */ });
/* harmony import */ var _shared_url_parts_js__WEBPACK_IMPORTED_MODULE_6__ = __nccwpck_require__(123);
/* harmony import */ var _shared_clock_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(763);
/* harmony import */ var _shared_name_rules_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9360);
/* harmony import */ var _shared_text_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(986);
/* harmony import */ var _shared_version_js__WEBPACK_IMPORTED_MODULE_7__ = __nccwpck_require__(3113);
/* harmony import */ var _transport_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(2927);
/* harmony import */ var _transport_send_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(5163);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(40);








/** Attempts per request; the longest a request may take, and a call with its retries. */
const ATTEMPTS = 3;
const REQUEST_MS = 10_000;
const CALL_MS = 30_000;
/** A page of 100 statuses or notes is far below this; a larger answer is no API's. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const TIMEOUTS = { connectMs: REQUEST_MS, idleMs: REQUEST_MS, requestMs: REQUEST_MS };
/**
 * Pure: the API's address as the client uses it, or a clear error before
 * any request: https, or http only to this machine (a stand-in), as the
 * token must never cross a network in the clear; `plainHttp` lets an
 * address through that a local proxy is given (Bitbucket's, which signs it).
 */
function apiAddress(dialect, apiUrl, plainHttp = false) {
    const { host, address, addressShape } = dialect;
    let url;
    try {
        url = new URL(apiUrl);
    }
    catch {
        throw new Error(`${host}'s API address (${address}) is not a URL: give the API's own address, ${addressShape}`);
    }
    const local = url.protocol === 'http:' && (plainHttp || (0,_shared_name_rules_js__WEBPACK_IMPORTED_MODULE_0__/* .isLoopback */ .U9)(url.hostname));
    if (url.protocol !== 'https:' && !local)
        throw new Error(`${host}'s API address (${address}) must be https:// (http:// only to this machine): ${url.protocol}//${url.host} would carry the token in the clear. Give ${addressShape}`);
    if (url.username || url.password || url.search || url.hash)
        throw new Error(`${host}'s API address (${address}) must be a plain address, with no credentials, query or fragment: ${addressShape}`);
    return (0,_shared_text_js__WEBPACK_IMPORTED_MODULE_1__/* .withoutTrailingSlashes */ .A$)(`${url.origin}${url.pathname}`);
}
/** One call (a request and its retries) to `url` under the API: its answer, a success; anything else thrown. */
function request(api, method, url, body, call) {
    const { limits } = api;
    const signal = call?.signal ? AbortSignal.any([limits.signal, call.signal]) : limits.signal;
    return (0,_transport_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .withRetry */ .bD)({
        maxAttempts: ATTEMPTS,
        baseDelayMs: 1000,
        maxDelayMs: _api_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_RATE_LIMIT_WAIT_MS */ .r1,
        deadline: Math.min(_shared_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .clock */ .pm.now() + CALL_MS, limits.deadline() ?? Infinity),
        signal,
        alsoTransient: error => error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .HostBusyError */ .sV
    }, () => attempt(api, method, url, body, signal), () => undefined);
}
/** One attempt: asked of the budget, counted, sent, and its answer read. */
async function attempt(api, method, url, body, signal) {
    const label = (0,_transport_send_js__WEBPACK_IMPORTED_MODULE_5__/* .labelOf */ .Wy)(method, url);
    // The credential goes only where the host's API is: a next page named elsewhere is not asked.
    if (!(0,_shared_url_parts_js__WEBPACK_IMPORTED_MODULE_6__/* .withinApi */ .ky)(url, api.url))
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .HostApiError */ .NY(`${api.dialect.host}'s API named ${label.slice(method.length + 1)} as a next page, outside ${api.url}: it is not asked, and the token is not sent there`, 0);
    api.limits.beforeRequest?.();
    api.requests++;
    const answer = await (0,_transport_send_js__WEBPACK_IMPORTED_MODULE_5__/* .send */ .tN)({
        method,
        url,
        headers: {
            ...api.headers,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' })
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(api.proxy ? { proxy: api.proxy } : {}),
        label
    }, { timeouts: TIMEOUTS, userAgent: (0,_shared_version_js__WEBPACK_IMPORTED_MODULE_7__/* .userAgent */ .N1)('action') }, {
        signal,
        deadline: Math.min(_shared_clock_js__WEBPACK_IMPORTED_MODULE_4__/* .clock */ .pm.now() + REQUEST_MS, api.limits.deadline() ?? Infinity),
        maxBytes: MAX_ANSWER_BYTES
    });
    return readAnswer(api, label, answer);
}
/** An answer as JSON when it is a success; every other answer thrown in the retry rule's terms. */
function readAnswer(api, label, answer) {
    const { status, headers, body } = answer;
    const { dialect } = api;
    if (status >= 300 && status < 400)
        throw (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .redirected */ .cP)(dialect, status, headers.location, api.url);
    // A rate limiter may answer in plain text: its Retry-After is what matters.
    if (status === 429)
        throw (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .refusal */ .x5)(dialect, status, label, undefined, headers['retry-after']);
    const contentType = String(headers['content-type'] ?? '');
    let json;
    if (body.length > 0) {
        if (!(0,_shared_url_parts_js__WEBPACK_IMPORTED_MODULE_6__/* .isJsonType */ .vs)(contentType))
            throw (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .foreignAnswer */ .XL)(dialect, status, label, body, api.url);
        try {
            json = JSON.parse(body);
        }
        catch {
            throw (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .foreignAnswer */ .XL)(dialect, status, label, body, api.url);
        }
    }
    if (status < 200 || status >= 300)
        throw (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .refusal */ .x5)(dialect, status, label, json, headers['retry-after']);
    return { status, headers, json };
}


/***/ }),

/***/ 2639:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  rM: () => (/* binding */ coolReader),
  lT: () => (/* binding */ readBuild),
  LY: () => (/* binding */ warmReader)
});

// UNUSED EXPORTS: WORKER_LIMITS

// EXTERNAL MODULE: ./src/core/shared/format.ts
var format = __nccwpck_require__(4846);
// EXTERNAL MODULE: ./src/core/shared/clock.ts
var clock = __nccwpck_require__(763);
// EXTERNAL MODULE: ./src/core/shared/errors.ts + 1 modules
var errors = __nccwpck_require__(2287);
// EXTERNAL MODULE: ./src/core/shared/text.ts
var shared_text = __nccwpck_require__(986);
;// CONCATENATED MODULE: ./src/core/inspect/broken.ts


/**
 * A build that must not be uploaded: bad usage, refused before any request.
 * The message names the file, what it is instead, and what to do.
 */
class BrokenBuildError extends errors/* InputError */.dz {
    file;
    reason;
    found;
    fix;
    name = 'BrokenBuildError';
    constructor(
    /** The file's name. */
    file, reason, 
    /** What the file was found to be, as the message says it ("an HTML page", …). */
    found, 
    /** What to do, as the message ends. */
    fix) {
        super('file', `names ${(0,shared_text/* quote */.hD)(file)}, which is ${found}`, fix);
        this.file = file;
        this.reason = reason;
        this.found = found;
        this.fix = fix;
    }
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
;// CONCATENATED MODULE: external "node:url"
const external_node_url_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");
;// CONCATENATED MODULE: external "node:worker_threads"
const external_node_worker_threads_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");
;// CONCATENATED MODULE: ./src/core/inspect/reader-thread.ts
/**
 * Where the reader's worker is started from: `reader-worker.js` beside the
 * running bundle (dist/, build/cli/, build/lib/), which `npm run package`
 * bundles from reader-worker.ts next to each. The file name is held in a
 * value, not written into `new URL('./…', import.meta.url)`, so that the
 * bundler leaves it alone (it would copy the source as an asset). Kept apart
 * so that the test runner, which runs the sources, can start the same worker
 * its own way (__tests__/helpers/reader-thread.ts); a script that reads
 * builds runs a bundle (`npm run package` first).
 */




/** The worker's file beside the bundle. */
const READER_FILE = 'reader-worker.js';
function startReader(options) {
    const file = new URL(READER_FILE, import.meta.url);
    if (!(0,external_node_fs_.existsSync)(file))
        throw new errors/* DeployError */.sH(`The build reader (${(0,external_node_url_namespaceObject.fileURLToPath)(file)}) is missing beside the code that starts it: run the bundle (dist/index.js, or the package's build/), whole, as npm run package makes it.`);
    return new external_node_worker_threads_namespaceObject.Worker(file, options);
}

;// CONCATENATED MODULE: ./src/core/inspect/read.ts
/**
 * `readBuild`: what a build is, read in a worker that a stranger's file
 * cannot outlast. The readers inside hold counted budgets of their own (the
 * first line); the worker is the guarantee: its heap and stack are capped,
 * a timer terminates it mid-read whatever it runs (a pattern that backtracks,
 * a loop), its console is dropped, and this thread's event loop stays free
 * all along, so that Ctrl-C and SIGTERM end the step at once. A read that
 * meets a limit is a refusal naming the build and the limit, before any
 * request.
 */





/** The limits of one read: a real build reads in milliseconds (a 4 GiB IPA of 20,000 files in 0.2 s). */
const WORKER_LIMITS = {
    /** The longest a read may take, whatever it runs. */
    ms: 5_000,
    /** The worker's heap (old and young generations) and stack. */
    heapMb: 192,
    youngMb: 32,
    stackMb: 4
};
let warm;
/** Starts the next read's worker now, where a step knows it will read a build; a second call keeps the first. */
function warmReader() {
    if (warm)
        return;
    let worker;
    try {
        worker = startBounded(undefined, WORKER_LIMITS);
    }
    catch {
        // A worker that cannot start now is the read's to start, and to report.
        return;
    }
    const started = { worker, online: false };
    warm = started;
    worker.unref();
    worker.once('online', () => (started.online = true));
    // A worker that fails or ends before it is used (a stop, a boot that failed) is no longer warm.
    const discard = () => {
        if (warm === started)
            warm = undefined;
    };
    worker.on('error', discard);
    worker.once('exit', discard);
}
/** Ends a worker started ahead that no read took: a step that read nothing leaves no thread behind. */
function coolReader() {
    const unused = warm;
    warm = undefined;
    void unused?.worker.terminate();
}
/** Reads the build at `path` in a worker of its own; see the module's comment. */
function readBuild(path, options) {
    const { name, signal, limits = WORKER_LIMITS } = options;
    if (signal?.aborted)
        return Promise.reject((0,clock/* abortError */.vt)(signal));
    const request = { path, name, now: (options.now ?? new Date()).getTime() };
    const bounds = { name, signal, limits };
    const taken = limits === WORKER_LIMITS ? takeWarm(request) : undefined;
    if (!taken)
        return answerOf(startBounded(request, limits), bounds);
    // A worker started ahead that fails before it answers, unless it met its memory reading, leaves the read to one of its own.
    const own = () => signal?.aborted
        ? Promise.reject((0,clock/* abortError */.vt)(signal))
        : answerOf(startBounded(request, limits), bounds);
    return answerOf(taken.worker, { ...bounds, instead: { own, online: () => taken.online } });
}
/** The worker started ahead, asked `request`; undefined when there is none. */
function takeWarm(request) {
    const taken = warm;
    warm = undefined;
    if (!taken)
        return undefined;
    const { worker } = taken;
    // Its listeners give way to the read's, attached before this turn ends: an error still finds one.
    worker.removeAllListeners('exit');
    worker.removeAllListeners('error');
    worker.ref();
    drain(worker);
    worker.postMessage(request);
    return taken;
}
/** A worker bounded from outside: its heap and stack, none of the process's flags, its console dropped; asked `request`, or waiting for one. */
function startBounded(request, limits) {
    const worker = startReader({
        workerData: request,
        resourceLimits: {
            maxOldGenerationSizeMb: limits.heapMb,
            maxYoungGenerationSizeMb: limits.youngMb,
            stackSizeMb: limits.stackMb
        },
        // None of the process's own flags: the worker is plain JavaScript, and some (`--input-type`,
        // which `node --eval` callers pass) make a worker refuse to start.
        execArgv: [],
        // The worker's console is its own: whatever a reader or a library in it would print is dropped.
        stdout: true,
        stderr: true
    });
    // A worker started ahead drops its console once taken: a console read holds the process open.
    if (request)
        drain(worker);
    return worker;
}
/** Drops what the worker's console prints. */
function drain(worker) {
    worker.stdout.resume();
    worker.stderr.resume();
}
/**
 * The worker's answer, within the read's time: a stop or a limit settles at
 * once; an answer settles once the worker has gone (a few ms), so that the
 * step that asked holds no thread or port of it after the read. A worker
 * started ahead that errs or ends before it answers (it could not boot, or
 * ended) hands the read to a worker of its own, `instead`; only its memory
 * met once it ran its code is the build's doing, and refused as any read's.
 */
function answerOf(worker, { name, signal, limits, instead }) {
    return new Promise((resolve, reject) => {
        let settled = false;
        const end = (settle, afterExit = false) => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            signal?.removeEventListener('abort', stop);
            const gone = worker.terminate();
            if (afterExit)
                void gone.then(settle, settle);
            else
                settle();
        };
        const overLimit = (what) => end(() => reject(new BrokenBuildError(name, 'over-limit', `a file that could not be read ${what}`, OVER_LIMIT_FIX)));
        const within = limits.ms < 1000 ? `${limits.ms} ms` : (0,format/* formatMinutes */.dp)(limits.ms / 60_000);
        const timer = setTimeout(() => overLimit(`within ${within}`), limits.ms);
        const stop = () => end(() => reject((0,clock/* abortError */.vt)(signal)));
        const own = instead &&
            (() => end(() => void Promise.resolve().then(instead.own).then(resolve, reject)));
        signal?.addEventListener('abort', stop, { once: true });
        worker.once('message', (answer) => end(() => settleWith(answer, resolve, reject), true));
        // Listened to with `on`: a second error after the first must find a listener too.
        worker.on('error', error => {
            const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
            if (own && !(memory && instead.online()))
                own();
            else if (memory)
                overLimit(`within ${limits.heapMb} MiB of memory`);
            else
                end(() => reject(error));
        });
        worker.once('exit', code => own
            ? own()
            : end(() => reject(new errors/* DeployError */.sH(`The build reader ended (exit code ${code}) before it answered.`))));
    });
}
const OVER_LIMIT_FIX = 'A real build reads in well under a second: check that the file is the build your pipeline made';
function settleWith(answer, resolve, reject) {
    if ('facts' in answer)
        return resolve(answer.facts);
    if ('broken' in answer) {
        const { file, reason, found, fix } = answer.broken;
        return reject(new BrokenBuildError(file, reason, found, fix));
    }
    const error = new Error(answer.error.message);
    if (answer.error.stack)
        error.stack = answer.error.stack;
    reject(error);
}


/***/ }),

/***/ 763:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   PJ: () => (/* binding */ stopReason),
/* harmony export */   pm: () => (/* binding */ clock),
/* harmony export */   vt: () => (/* binding */ abortError)
/* harmony export */ });
/* unused harmony exports sleep, systemClock, replaceClock */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2287);

/** Waits `ms`, or until `signal` aborts: then it rejects at once with the reason as an `AbortedError`. */
function sleep(ms, signal) {
    if (signal?.aborted)
        return Promise.reject(abortError(signal));
    return new Promise((resolve, reject) => {
        const timer = setTimeout(done, Math.max(0, ms));
        function done() {
            signal?.removeEventListener('abort', stop);
            resolve();
        }
        function stop() {
            clearTimeout(timer);
            reject(abortError(signal));
        }
        signal?.addEventListener('abort', stop, { once: true });
    });
}
/** The system's clock: Date.now and timers. */
const systemClock = { now: () => Date.now(), sleep };
let current = systemClock;
/**
 * The one clock the product reads: the system's, unless a test replaced it
 * (one whose sleeps cost no real time, while sockets stay real).
 */
const clock = {
    now: () => current.now(),
    sleep: (ms, signal) => current.sleep(ms, signal)
};
/** Replaces the one clock; the returned function puts the previous one back. */
function replaceClock(replacement) {
    const previous = current;
    current = replacement;
    return () => {
        current = previous;
    };
}
/**
 * Why an aborted signal stopped the deploy, as an error that is never retried:
 * the core's own reason as it is (a time limit, a file that changed), anything else (a caller's `abort()`, a
 * DOMException) as a stop with its words.
 */
function abortError(signal) {
    const reason = signal.reason;
    if (reason instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .DeployError */ .sH)
        return reason;
    return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AbortedError */ .oM(`The deploy was stopped before it finished${stopReason(signal)}.`);
}
/** Pure: ` (the job was canceled: SIGTERM)`, the stop's own words in brackets, or nothing for a bare abort(). */
function stopReason(signal) {
    const reason = signal?.reason;
    const text = reason === undefined ? '' : (0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .messageOf */ .bD)(reason);
    return text && !/aborted/i.test(text) ? ` (${text})` : '';
}


/***/ }),

/***/ 2287:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  oM: () => (/* binding */ AbortedError),
  sH: () => (/* binding */ DeployError),
  Hm: () => (/* binding */ ExpiredUrlError),
  jL: () => (/* binding */ FileChangedError),
  F9: () => (/* binding */ HttpStatusError),
  dz: () => (/* binding */ InputError),
  Dr: () => (/* binding */ NetworkError),
  o3: () => (/* binding */ ResponseError),
  i5: () => (/* binding */ RetriesExhaustedError),
  bJ: () => (/* binding */ isError),
  bD: () => (/* binding */ messageOf)
});

;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
// EXTERNAL MODULE: ./src/core/shared/option-refs.ts
var option_refs = __nccwpck_require__(4579);
;// CONCATENATED MODULE: ./src/core/shared/errors.ts


/**
 * Every error class of the core. A `DeployError`'s message is written for the
 * person who runs the deploy: what happened and what to do. Options are named
 * by reference, for the front end to render in its own words.
 */
class DeployError extends Error {
    name = 'DeployError';
}
/**
 * An option that cannot be used; the message names it, the problem and the
 * fix. A front end's own setting that is no option of the table (the CLI's
 * `--output-env`) is named as the front end spells it, and has no `option`.
 */
class InputError extends DeployError {
    name = 'InputError';
    option;
    constructor(option, problem, fix) {
        super(`${typeof option === 'string' ? (0,option_refs/* subject */.bc)(option) : option.named} ${problem}. ${fix}`);
        this.option = typeof option === 'string' ? option : undefined;
    }
}
/** A request that got no usable HTTP answer: refused, reset, timed out. Transient. */
class NetworkError extends DeployError {
    name = 'NetworkError';
}
/** The deploy was stopped: the caller's signal, Ctrl-C, or its own time limit. Never retried. */
class AbortedError extends DeployError {
    name = 'AbortedError';
}
/** The service or the store answered with a status that is not success. */
class HttpStatusError extends DeployError {
    status;
    retryAfterMs;
    name = 'HttpStatusError';
    constructor(message, status, 
    /** The wait the server asked for with Retry-After, in milliseconds. */
    retryAfterMs) {
        super(message);
        this.status = status;
        this.retryAfterMs = retryAfterMs;
    }
}
/** A PUT refused because its signed URL expired: worth another attempt with a fresh URL. */
class ExpiredUrlError extends DeployError {
    name = 'ExpiredUrlError';
}
/** A transient failure that lasted through every attempt the policy allowed. */
class RetriesExhaustedError extends DeployError {
    last;
    attempts;
    name = 'RetriesExhaustedError';
    constructor(last, attempts) {
        const lastMessage = messageOf(last).replace(/([^.])$/, '$1.');
        super(`${lastMessage} Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}.`);
        this.last = last;
        this.attempts = attempts;
    }
}
/** The service answered, but with a body that cannot be used. */
class ResponseError extends DeployError {
    name = 'ResponseError';
}
/** The file changed (or could not be read) while it was sent: never sent short or long. Permanent. */
class FileChangedError extends DeployError {
    name = 'FileChangedError';
}
/** Whether a thrown value is an Error, also one made in another realm (a VM context, a worker). */
function isError(thrown) {
    return thrown instanceof Error || external_node_util_namespaceObject.types.isNativeError(thrown);
}
/** The message of anything thrown, Error or not. */
function messageOf(thrown) {
    if (isError(thrown))
        return String(thrown.message);
    if (typeof thrown === 'string')
        return thrown;
    // An error of another realm (a DOMException an abort() made elsewhere) is no Error here, but says its words.
    const { message } = (thrown ?? {});
    if (typeof message === 'string')
        return message;
    try {
        return JSON.stringify(thrown) ?? String(thrown);
    }
    catch {
        return String(thrown);
    }
}


/***/ }),

/***/ 4846:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   CE: () => (/* binding */ formatRate),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   dp: () => (/* binding */ formatMinutes),
/* harmony export */   z3: () => (/* binding */ formatBytes)
/* harmony export */ });
/** Sizes, rates and durations as a person reads them. */
function formatBytes(bytes) {
    if (bytes < 1024)
        return `${bytes} B`;
    const units = ['KiB', 'MiB', 'GiB', 'TiB'];
    let value = bytes / 1024;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit++;
    }
    return `${value.toFixed(value >= 100 || unit === 0 ? 1 : 2).replace(/\.?0+$/, '') || '0'} ${units[unit]}`;
}
function formatRate(bytesPerSecond) {
    return `${(bytesPerSecond / (1024 * 1024)).toFixed(1)} MiB/s`;
}
function formatDuration(seconds) {
    if (!Number.isFinite(seconds))
        return 'unknown time';
    if (seconds < 1)
        return `${Math.max(0, seconds).toFixed(2)} s`;
    if (seconds < 10)
        return `${seconds.toFixed(1)} s`;
    const s = Math.round(seconds);
    if (s < 60)
        return `${s} s`;
    const m = Math.floor(s / 60);
    if (m < 60)
        return `${m} min ${s % 60} s`;
    return `${Math.floor(m / 60)} h ${m % 60} min`;
}
/** A time limit given in minutes: `60 min`, `2.5 min`, `6 s`. */
function formatMinutes(minutes) {
    return minutes >= 1 ? `${Number(minutes.toFixed(2))} min` : `${Math.round(minutes * 60)} s`;
}


/***/ }),

/***/ 9360:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   DY: () => (/* binding */ ACCEPTED_EXTENSIONS),
/* harmony export */   IY: () => (/* binding */ hasUnsafePath),
/* harmony export */   JA: () => (/* binding */ isSafeId),
/* harmony export */   Kb: () => (/* binding */ MAX_PATH_LENGTH),
/* harmony export */   Ld: () => (/* binding */ acceptedExtension),
/* harmony export */   Md: () => (/* binding */ fileName),
/* harmony export */   U9: () => (/* binding */ isLoopback),
/* harmony export */   _q: () => (/* binding */ answeredPathProblem),
/* harmony export */   nZ: () => (/* binding */ safeId),
/* harmony export */   q3: () => (/* binding */ httpUrl),
/* harmony export */   wI: () => (/* binding */ destinationProblem)
/* harmony export */ });
/* unused harmony export MAX_URL_LENGTH */
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(986);
/** Facts about names and paths that options, answers and uploads all check against. */


/** The service's file types, lower case with the dot (service spec 2.1). */
const ACCEPTED_EXTENSIONS = ['.apk', '.aab', '.deb', '.ipa', '.zip', '.csv', '.pdf'];
const MAX_PATH_LENGTH = 1024;
// Ids reach outputs, logs, the summary and a request's path: letters, digits and a few separators only,
// with a letter or digit among them (`.` and `..` would step out of the path they are put in).
const SAFE_ID = /^(?=[\w.:-]*[A-Za-z0-9])[\w.:-]{1,200}$/;
/** The accepted extension `name` ends with (lower case), or undefined. */
function acceptedExtension(name) {
    const lower = name.toLowerCase();
    return ACCEPTED_EXTENSIONS.find(ext => lower.endsWith(ext) && lower.length > ext.length);
}
/** A path with a `..` segment or a backslash: never sent to the service, never taken from it. */
function hasUnsafePath(path) {
    return path.includes('\\') || path.split('/').includes('..');
}
/**
 * Why `path` cannot be a destination in the workspace's storage, or undefined when it can.
 * The reason is phrased to follow "is not a valid destination: ".
 */
function destinationProblem(path) {
    if (path.length === 0)
        return 'it is empty';
    if (path.length > MAX_PATH_LENGTH)
        return `it is longer than ${MAX_PATH_LENGTH} characters`;
    if ((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .hasControlCharacter */ .Fd)(path))
        return 'it contains a control character';
    if (path.includes('\\'))
        return 'it contains a backslash; separate directories with /';
    if (path.startsWith('/'))
        return 'it starts with /; give a path relative to the storage root';
    const segments = path.split('/');
    if (segments.some(s => s === '..'))
        return 'it contains a .. segment';
    if (segments.some(s => s === '' || s === '.'))
        return 'it contains an empty or . segment';
    if (segments.some(s => s.trim() !== s))
        return 'a segment starts or ends with white space';
    if (!acceptedExtension(segments[segments.length - 1] ?? '')) {
        return `it does not end with a file name and one of ${ACCEPTED_EXTENSIONS.join(' ')}`;
    }
    return undefined;
}
/**
 * Why a path the service answered with cannot be used (it becomes an output
 * and the value of the run variable), or undefined when it can.
 */
function answeredPathProblem(path) {
    if (path.length > MAX_PATH_LENGTH)
        return `is longer than ${MAX_PATH_LENGTH} characters`;
    if ((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .hasControlCharacter */ .Fd)(path))
        return 'contains a control character';
    if (hasUnsafePath(path))
        return 'contains a .. segment or a backslash';
    return undefined;
}
/** An id as a string (the service may send strings or numbers); anything else, or an id with odd characters, is no id. */
function safeId(value) {
    const candidate = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    return typeof candidate === 'string' && SAFE_ID.test(candidate) ? candidate : undefined;
}
function isSafeId(value) {
    return SAFE_ID.test(value);
}
/** The longest link from outside kept: one longer is no link a person follows, and cut it would lead elsewhere. */
const MAX_URL_LENGTH = 2_048;
/** An http(s) URL as it was given, or undefined: a value from outside that becomes a link. */
function httpUrl(value) {
    if (typeof value !== 'string' || value.length > MAX_URL_LENGTH || (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .hasControlCharacter */ .Fd)(value))
        return undefined;
    const text = value.trim();
    if (!text || /\s/.test(text))
        return undefined;
    try {
        const url = new URL(text);
        return url.protocol === 'https:' || url.protocol === 'http:' ? text : undefined;
    }
    catch {
        return undefined;
    }
}
/** Whether a host is this machine: plain http is allowed only to it. */
function isLoopback(hostname) {
    const host = hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
/**
 * A local file's own name, by the rules of the machine it is on (a Windows
 * runner separates folders with \\ as well as /). `paths` is there for tests.
 */
function fileName(path, paths = (node_path__WEBPACK_IMPORTED_MODULE_0___default())) {
    return paths.basename(path);
}


/***/ }),

/***/ 4579:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   KR: () => (/* binding */ ref),
/* harmony export */   Pe: () => (/* binding */ setting),
/* harmony export */   bc: () => (/* binding */ subject),
/* harmony export */   gu: () => (/* binding */ REFERENCE),
/* harmony export */   pn: () => (/* binding */ whereOffered),
/* harmony export */   zi: () => (/* binding */ isOptionKey)
/* harmony export */ });
/* harmony import */ var _option_table_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5870);
/**
 * The options by their library names, and how the core's sentences refer to
 * them. A sentence never spells an option the way one front end does
 * ("Input 'file'", "--file", "Option 'file'"): it holds a reference, and the
 * front end's vocabulary renders it (options/vocabulary.ts) on the way out.
 */

const KNOWN = new Set(_option_table_js__WEBPACK_IMPORTED_MODULE_0__/* .OPTION_KEYS */ .XJ);
function isOptionKey(value) {
    return KNOWN.has(value);
}
/** The option as a person types it: rendered `file`, `--file` or `file`. */
function ref(key) {
    return `{{${key}}}`;
}
/** The option as the subject of a sentence: rendered `Input 'file'`, `Flag --file` or `Option 'file'`. */
function subject(key) {
    return `{{${key}!}}`;
}
/** How to set the option to a value: rendered `notify: false`, `--notify=false` or `notify: false`. */
function setting(key, value) {
    return `{{${key}=${value}}}`;
}
/**
 * A clause that names the option, kept only where the front end offers it: rendered `words` and the
 * option's name (`, or the deploy's check-name`), or nothing where the front end has no such option.
 */
function whereOffered(key, words) {
    return `{{${key}?${words}}}`;
}
/** A reference in a text: the key, and `!` (subject), `=value` (setting) or `?words` (a clause where offered). */
const REFERENCE = /\{\{([A-Za-z]+)(?:(!)|=([^{}\n]{0,200})|\?([^{}\n]{0,200}))?\}\}/g;


/***/ }),

/***/ 9010:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Bv: () => (/* binding */ BUILD),
/* harmony export */   C_: () => (/* binding */ WAIT),
/* harmony export */   DE: () => (/* binding */ DEFAULT_MIN_UPLOAD_KIB_PER_SECOND),
/* harmony export */   O1: () => (/* binding */ ANDROID_ABIS),
/* harmony export */   P4: () => (/* binding */ PLATFORMS),
/* harmony export */   Wo: () => (/* binding */ NOTIFY),
/* harmony export */   YV: () => (/* binding */ SERVICE),
/* harmony export */   b5: () => (/* binding */ MAX_WAIT_TIMEOUT_MINUTES),
/* harmony export */   bw: () => (/* binding */ IOS_TARGETS),
/* harmony export */   pu: () => (/* binding */ REPORTING),
/* harmony export */   qB: () => (/* binding */ NAMED),
/* harmony export */   tk: () => (/* binding */ WAIT_OR_COLLECT),
/* harmony export */   xF: () => (/* binding */ GIT),
/* harmony export */   y2: () => (/* binding */ ALL),
/* harmony export */   y4: () => (/* binding */ MAX_STEP_BUILDS)
/* harmony export */ });
/* unused harmony export COMMANDS */
const COMMANDS = [
    'deploy',
    'upload',
    'notify',
    'wait',
    'terminate',
    'collect',
    'skip'
];
/** The platforms a build can be for, as `platform` takes them and the outputs name them. */
const PLATFORMS = ['android', 'ios'];
/** The ABIs Android's NDK builds native code for, as an APK's lib/ folders name them (the last three retired). */
const ANDROID_ABIS = [
    'arm64-v8a',
    'armeabi-v7a',
    'x86_64',
    'x86',
    'riscv64',
    'armeabi',
    'mips',
    'mips64'
];
/** What an iOS build runs on: devices (an .ipa) or the simulator (a zipped .app). */
const IOS_TARGETS = ['device', 'simulator'];
const ALL = COMMANDS;
/** The commands that speak to the service: all but skip, which writes only on GitHub. */
const SERVICE = ['deploy', 'upload', 'notify', 'wait', 'terminate', 'collect'];
/** The commands a build's app id, platform and environment name: the deploy's, and skip's, which names what a deploy would. */
const NAMED = ['deploy', 'upload', 'skip'];
const BUILD = ['deploy', 'upload'];
const NOTIFY = ['deploy', 'notify'];
const GIT = ['deploy', 'upload', 'notify'];
const WAIT = ['deploy', 'notify', 'wait'];
const WAIT_OR_COLLECT = ['deploy', 'notify', 'wait', 'collect'];
const REPORTING = ['deploy', 'notify', 'wait'];
/** 64 KiB/s: a 100 MiB build gets 27 minutes, a crawl no working link is slower than. */
const DEFAULT_MIN_UPLOAD_KIB_PER_SECOND = 64;
/**
 * The most builds one step deploys, and runs it waits for: a step's check
 * runs are all created within GitHub's 80 content-creating requests a
 * minute, and its comment keeps a row each within 65,536 characters.
 */
const MAX_STEP_BUILDS = 64;
/** A job runs six hours at most on GitHub's hosted runners; no wait is longer. */
const MAX_WAIT_TIMEOUT_MINUTES = 6 * 60;


/***/ }),

/***/ 5870:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  lw: () => (/* binding */ OPTIONS),
  XJ: () => (/* binding */ OPTION_KEYS)
});

// UNUSED EXPORTS: ANDROID_ABIS, COMMANDS, DEFAULT_MIN_UPLOAD_KIB_PER_SECOND, IOS_TARGETS, MAX_STEP_BUILDS, MAX_WAIT_TIMEOUT_MINUTES, PLATFORMS

// EXTERNAL MODULE: ./src/core/shared/option-spec.ts
var option_spec = __nccwpck_require__(9010);
;// CONCATENATED MODULE: ./src/core/shared/build-options.ts
/** The option table's rows (option-table.ts): the builds: which, where each goes, what the service's devices need of it, and how fast it must travel. */

const BUILD_OPTIONS = {
    file: {
        kind: 'globs',
        commands: option_spec/* BUILD */.Bv,
        description: 'Path or glob of the build (.apk .aab .ipa .deb .zip .csv .pdf), relative to the working directory or absolute, matching exactly one file; several builds one per line (each deployed under its own destination, with its own run and verdict).'
    },
    destination: {
        kind: 'destinationEach',
        commands: option_spec/* BUILD */.Bv,
        description: `Where the build goes in the workspace's storage (may include folders), or one per platform (android:builds/app.apk ios:builds/app.ipa); default: built by {{namePrefix}}, else the file's own name.`
    },
    namePrefix: {
        kind: 'namePartEach',
        commands: [...option_spec/* NAMED */.qB, 'terminate'],
        description: `Builds the destination by the naming convention: <prefix>-<environment>.<ext> with {{environment}}, else <prefix>-<owner>-<repo>-pr<number>.<ext> for a pull request; one for every build, or one per platform (android:myapp-android ios:myapp-ios). Ending an environment, it names the pull request's preview environment the same way (<prefix>-<owner>-<repo>-pr<number>).`
    },
    environment: {
        kind: 'namePartEach',
        commands: option_spec/* NAMED */.qB,
        description: `The static environment of the naming convention, with {{namePrefix}}; one for every build, or one per platform (android:staging-android ios:staging-ios).`
    },
    expectedAppId: {
        kind: 'appIds',
        commands: option_spec/* NAMED */.qB,
        description: 'The app id every build must have (Android package name, iOS bundle id), or one per platform (android:com.example.shop ios:com.example.Shop); a build of another app is refused before anything is sent.'
    },
    platform: {
        kind: 'platform',
        commands: option_spec/* NAMED */.qB,
        description: `The platform the build must be for: ${option_spec/* PLATFORMS */.P4.join(' or ')}; a build for the other one, or a file that is no app, is refused before anything is sent.`
    },
    requiredAbis: {
        kind: 'abis',
        commands: option_spec/* BUILD */.Bv,
        description: `The ABIs each Android build must have native code for, as the service's devices need (arm64-v8a, armeabi-v7a, x86_64, x86; several separated by spaces or commas): an APK or App Bundle whose native libraries lack one is refused before anything is sent, naming the ABIs it has; a build without native code runs on any and passes. iOS builds are not checked.`
    },
    requiredTarget: {
        kind: 'target',
        commands: option_spec/* BUILD */.Bv,
        description: `What each iOS build must run on: ${option_spec/* IOS_TARGETS */.bw.join(' or ')} (an .ipa for iPhones and iPads, or a zipped .app built for the simulator); a build of the other kind is refused before anything is sent. Android builds are not checked.`
    },
    minUploadKibPerSecond: {
        kind: 'number',
        default: option_spec/* DEFAULT_MIN_UPLOAD_KIB_PER_SECOND */.DE,
        min: 1,
        max: 1024 * 1024,
        commands: option_spec/* BUILD */.Bv,
        description: "The slowest upload still waited for, in KiB/s: an attempt may take the build's size at this speed plus the request time limit (MOBILE_DEPLOY_REQUEST_TIMEOUT_SECONDS), then it is cut and tried again. Lower it for a slow link."
    }
};

;// CONCATENATED MODULE: ./src/core/shared/connection-options.ts
/** The option table's rows (option-table.ts): the service: its key, its address, how often a request is tried. */

const CONNECTION_OPTIONS = {
    apiKey: {
        kind: 'secret',
        required: true,
        commands: option_spec/* SERVICE */.YV,
        env: { name: 'SERVICE_API_KEY', frontEnds: ['cli'] },
        description: 'The workspace API key (Integrations, API Access), kept as a secret such as SERVICE_API_KEY. Masked at once. Not needed by {{skip}}, which sends nothing to the service.'
    },
    baseUrl: {
        kind: 'baseUrl',
        required: true,
        commands: option_spec/* SERVICE */.YV,
        env: { name: 'SERVICE_BASE_URL', frontEnds: ['cli'] },
        description: "The service's base URL, e.g. https://service.example.com, or a gateway's path prefix in front of it (https://gw.example.com/testing), which every request keeps; never an /api address. https, or http to a loopback host only."
    },
    maxAttempts: {
        kind: 'integer',
        default: 5,
        min: 1,
        max: 10,
        commands: option_spec/* SERVICE */.YV,
        description: 'Attempts per request for transient failures (network, 429, 5xx); 1 means no retry.'
    }
};

;// CONCATENATED MODULE: ./src/core/shared/notification-options.ts
/** The option table's rows (option-table.ts): the deploy notification: what it says of the deployment, the run it starts and the commit. */

const NOTIFICATION_OPTIONS = {
    deploymentType: {
        kind: 'text',
        wire: 'deployment_type',
        commands: [...option_spec/* NOTIFY */.Wo, 'skip'],
        description: "Sent as deployment_type: the workspace's label for this kind of deployment."
    },
    variables: {
        kind: 'variables',
        wire: 'variables',
        commands: option_spec/* NOTIFY */.Wo,
        description: `JSON object of extra variables for the run; strings, numbers and booleans. {{runVariable}} is set to the build.`
    },
    runInputPath: {
        kind: 'relativePath',
        commands: option_spec/* NOTIFY */.Wo,
        description: `Notify with an earlier upload: its playgroundFileLocation. Not with {{file}}.`
    },
    runVariable: {
        kind: 'variableName',
        default: 'RUN_INPUT_PATH',
        commands: option_spec/* NOTIFY */.Wo,
        description: "The run variable that carries the build's path (the lane plugin's option)."
    },
    notify: {
        kind: 'boolean',
        default: true,
        commands: ['deploy'],
        frontEnds: ['action', 'cli'],
        description: 'Send the deploy notification; false uploads only (workspace set-up).'
    },
    failOnNoRun: {
        kind: 'boolean',
        default: true,
        commands: option_spec/* NOTIFY */.Wo,
        description: 'When the service answers but creates no run, true makes it a failure and false a warning.'
    },
    dryRun: {
        kind: 'boolean',
        default: false,
        commands: option_spec/* GIT */.xF,
        description: `Check everything a deployment needs (the options, the build, the context, the key and base URL, on GitHub the token) and tell what it would do, without uploading or notifying. Not with {{runId}} or an environment to end.`
    },
    branch: {
        kind: 'text',
        wire: 'branch',
        commands: [...option_spec/* GIT */.xF, 'skip'],
        git: true,
        names: { library: 'git.branch' },
        defaultText: 'from the CI',
        description: 'Overrides the branch read from the CI.'
    },
    sha: {
        kind: 'sha',
        wire: 'sha',
        commands: [...option_spec/* GIT */.xF, 'skip'],
        git: true,
        names: { library: 'git.sha' },
        defaultText: 'from the CI',
        description: "Overrides the commit read from the CI (on a pull request, the pull request's head)."
    },
    commitUrl: {
        kind: 'url',
        wire: 'commit_url',
        commands: option_spec/* NOTIFY */.Wo,
        git: true,
        names: { library: 'git.commitUrl' },
        defaultText: 'from the CI',
        description: 'Overrides the link to the commit; sent as commit_url.'
    },
    deploymentUrl: {
        kind: 'url',
        wire: 'deployment_url',
        commands: [...option_spec/* NOTIFY */.Wo, 'terminate'],
        git: true,
        defaultText: 'from a deployment_status event',
        description: `URL of the deployed environment, sent as deployment_url; when ending an environment, names it.`
    },
    pullRequestNumber: {
        kind: 'integer',
        wire: 'pull_request_number',
        min: 1,
        max: 2 ** 31 - 1,
        commands: [...option_spec/* GIT */.xF, 'skip'],
        git: true,
        names: { library: 'git.pullRequestNumber' },
        defaultText: 'from the CI',
        description: 'Overrides the pull request (GitLab: merge request) number read from the CI.'
    },
    mergeRequestNumber: {
        kind: 'integer',
        wire: 'merge_request_number',
        min: 1,
        max: 2 ** 31 - 1,
        commands: option_spec/* GIT */.xF,
        git: true,
        frontEnds: ['library'],
        names: { library: 'git.mergeRequestNumber' },
        description: "A GitLab merge request's number (IID), sent as merge_request_number."
    },
    repository: {
        kind: 'repository',
        wire: 'repository',
        commands: option_spec/* GIT */.xF,
        git: true,
        frontEnds: ['library'],
        names: { library: 'git.repository' },
        description: 'The repository: {owner, name}, or {namespace, name} on GitLab.'
    },
    hostingService: {
        kind: 'text',
        wire: 'hosting_service',
        commands: option_spec/* NOTIFY */.Wo,
        git: true,
        names: { library: 'git.hostingService' },
        defaultText: 'from the CI',
        actionDefault: 'GitHub',
        description: 'Where the code is hosted, sent as hosting_service: GitHub, GitLab, Bitbucket, …'
    },
    deduplicationKey: {
        kind: 'text',
        wire: 'deduplication_key',
        commands: option_spec/* NOTIFY */.Wo,
        description: 'Sent as deduplication_key: replaces the default key (branch and environment) for superseding runs.'
    },
    ephemeralEnvironment: {
        kind: 'boolean',
        wire: 'ephemeral_environment',
        default: false,
        commands: option_spec/* NOTIFY */.Wo,
        description: 'The deployment is a short-lived preview environment (ephemeral_environment).'
    }
};

;// CONCATENATED MODULE: ./src/core/shared/report-options.ts
/** The option table's rows (option-table.ts): the reports: files, webhooks, and what GitHub shows (the check run and the comment). */

const REPORT_OPTIONS = {
    junitReport: {
        kind: 'path',
        commands: [...option_spec/* REPORTING */.pu, 'collect'],
        frontEnds: ['action', 'cli'],
        names: { cli: 'junit' },
        description: "Write the run's verdict to this file as a JUnit report (one test case per bug, one for the verdict); a collect writes the verdicts it collected."
    },
    testAttestation: {
        kind: 'path',
        commands: ['deploy', 'notify', 'wait', 'collect'],
        description: "A folder to write the verdict into as an in-toto test-result attestation, bound to each build's bytes: subjects.sha256 (each build's SHA-256 and name) and predicate.json for GitHub's actions/attest (subject-checksums, predicate-path), statement.json for any other signer. Each build is a test named <file>@sha256:<digest>; the result is PASSED only when every run passed. With a verdict this step knows and the builds it sent: {{wait}} with {{file}}, or a collect."
    },
    summaryFile: {
        kind: 'path',
        commands: option_spec/* ALL */.y2,
        frontEnds: ['cli', 'library'],
        description: "Write the step's summary in markdown to this file, as the action writes its job summary: each deployment's facts, result and bugs (for a CI that shows a markdown file)."
    },
    resultWebhook: {
        kind: 'secretUrl',
        commands: option_spec/* ALL */.y2,
        // Read from a variable in the CLI, so that a wrapper passes it from the CI's secrets, never from a file.
        env: { name: 'RESULT_WEBHOOK_URL', frontEnds: ['cli'] },
        description: "POST the step's result as JSON (the object the CLI's --json prints) to this URL once the step is judged, through the step's retries and time limits; a webhook that cannot be reached is a warning. A dry run posts nothing. https, or http to a loopback host; the URL is masked as a secret where it stands whole, and so are its parts that can be secret (its query, a path segment that reads as a token)."
    },
    slackWebhook: {
        kind: 'secretUrl',
        commands: [...option_spec/* REPORTING */.pu, 'collect', 'skip'],
        env: { name: 'SLACK_WEBHOOK_URL', frontEnds: ['cli'] },
        description: "POST the step's verdict to this Slack incoming webhook (https://hooks.slack.com/services/…) once the step is judged: one message, a section per deployment with where it stands, its run and its bugs; a collect posts what it completed (nothing when it completed nothing), a dry run nothing. A Slack that cannot be reached is a warning. Masked as a secret as {{resultWebhook}} is."
    },
    githubToken: {
        kind: 'secret',
        commands: ['deploy', 'upload', 'notify', 'wait', 'collect', 'skip'],
        env: { name: 'GITHUB_TOKEN', frontEnds: ['cli'] },
        actionDefault: '${{ github.token }}',
        description: `Token for GitHub's API, masked: the check run and pull-request comment (the action's; with {{reportLater}}, every front end's), the collect's and {{skip}}'s, and in a GitHub workflow the pull request of a fork's workflow_run.`
    },
    gitlabToken: {
        kind: 'secret',
        commands: ['deploy', 'notify', 'wait', 'collect', 'skip'],
        frontEnds: ['cli', 'library'],
        env: { name: 'GITLAB_TOKEN', frontEnds: ['cli', 'library'] },
        description: "Token for GitLab's API, masked: in a GitLab pipeline, a step that waits for the verdict, or reports it later in a merge request's pipeline, writes a commit status per deployment on the pipeline's commit (CI_COMMIT_SHA) and one note on the merge request, edited in place; a collect in a scheduled pipeline completes what was reported later; a skip writes its statuses skipped there instead of GitHub's check runs. A project (or group) access token with the api scope, kept in a masked CI/CD variable (protected only where every branch that reports is protected); CI_JOB_TOKEN cannot write either. Sent only to CI_API_V4_URL."
    },
    bitbucketToken: {
        kind: 'secret',
        commands: ['deploy', 'notify', 'wait', 'collect', 'skip'],
        frontEnds: ['cli', 'library'],
        env: { name: 'BITBUCKET_ACCESS_TOKEN', frontEnds: ['cli', 'library'] },
        description: "Token for Bitbucket Cloud's API, masked: in Bitbucket Pipelines a step that waits for the verdict, or reports it later, writes a build status per deployment on the pipeline's commit (BITBUCKET_COMMIT) and one Code Insights report of the step with an annotation per blocking bug; without it, a step in Pipelines writes them through Pipelines' authentication proxy ({{bitbucketProxy}}). A collect in a scheduled pipeline completes what was reported later, and a skip writes its statuses stopped there: both need it. A repository access token with the repository:write and pullrequest scopes, kept in a secured repository variable. Sent only to {{bitbucketApiUrl}}."
    },
    bitbucketApiUrl: {
        kind: 'url',
        default: 'https://api.bitbucket.org/2.0',
        commands: ['deploy', 'notify', 'wait', 'collect', 'skip'],
        frontEnds: ['cli', 'library'],
        env: { name: 'BITBUCKET_API_URL', frontEnds: ['cli', 'library'] },
        description: "Bitbucket Cloud's API, where {{bitbucketToken}} goes (a stand-in's or a gateway's address in its place). https, or http to a loopback host; through {{bitbucketProxy}} it is asked over http, as the proxy signs only what it reads."
    },
    bitbucketProxy: {
        kind: 'url',
        default: 'http://localhost:29418',
        commands: ['deploy', 'notify', 'wait'],
        frontEnds: ['cli', 'library'],
        env: { name: 'BITBUCKET_PROXY', frontEnds: ['cli', 'library'] },
        description: "Bitbucket Pipelines' authentication proxy, which signs a step's requests to the API for it: used in Pipelines (BITBUCKET_BUILD_NUMBER set) when {{bitbucketToken}} is not given. A loopback address, over http."
    },
    githubRepository: {
        kind: 'text',
        commands: ['deploy', 'notify', 'collect', 'skip'],
        frontEnds: ['cli', 'library'],
        env: { name: 'GITHUB_REPOSITORY', frontEnds: ['cli', 'library'] },
        description: 'The GitHub repository (owner/name) the check runs of {{reportLater}}, a collect and {{skip}} are on; in a GitHub workflow, the one it runs in.'
    },
    check: {
        kind: 'boolean',
        default: true,
        commands: option_spec/* REPORTING */.pu,
        frontEnds: ['action'],
        description: `While waiting for the verdict, show it as a check run on the deployment's commit (needs checks: write).`
    },
    checkName: {
        kind: 'displayName',
        commands: [...option_spec/* REPORTING */.pu, 'skip'],
        frontEnds: ['action'],
        defaultText: "'Mobile tests', with the environment or deployment type",
        description: "The check run's name; it also tells two deployments' comments apart. A later wait with the same name shows its verdict with a new check run of that name."
    },
    prComment: {
        kind: 'boolean',
        default: true,
        commands: option_spec/* REPORTING */.pu,
        frontEnds: ['action'],
        description: `On a pull request, keep one comment with the build, the run and its verdict, edited in place (needs pull-requests: write).`
    }
};

;// CONCATENATED MODULE: ./src/core/shared/verdict-options.ts
/** The option table's rows (option-table.ts): the verdict: waiting for it, reporting it later and collecting it, skipping, ending an environment. */

const VERDICT_OPTIONS = {
    wait: {
        kind: 'boolean',
        default: false,
        commands: option_spec/* NOTIFY */.Wo,
        description: 'After a run is created, wait for its verdict; anything but passed is a failure. The wait holds the job until the verdict or the timeout.'
    },
    reportLater: {
        kind: 'boolean',
        default: false,
        commands: option_spec/* NOTIFY */.Wo,
        description: "End right after the notification and leave the verdict to a scheduled collect: the check run stays in progress on the commit, linking the run, and the pull request's comment says the verdict is pending. Not with {{wait}}."
    },
    collect: {
        kind: 'boolean',
        default: false,
        commands: ['collect'],
        frontEnds: ['action'],
        description: "Collect the verdicts of deployments made with {{reportLater}}: each of this product's check runs in progress on open pull requests and the default branch's newest commits is completed once its run has ended, with its comment; for a workflow on schedule. Nothing else is done in the step."
    },
    collectMaxRequests: {
        kind: 'integer',
        default: 300,
        min: 10,
        max: 5000,
        commands: ['collect'],
        description: "The most requests to the code host's API (GitHub's, GitLab's or Bitbucket's) one collect sends; on GitHub it also stops, with a notice, before the token's hourly rate limit is spent. What is left waits for the next collect."
    },
    skip: {
        kind: 'boolean',
        default: false,
        commands: ['skip'],
        frontEnds: ['action'],
        description: "Deploy nothing, and complete the check runs a deploy with these same inputs would have written, concluded skipped with {{skipReason}}: one per platform of {{expectedAppId}} (else of {{platform}}), named by {{checkName}}, {{environment}} and {{deploymentType}} as the deploy names them; for the job that runs when the deploy's does not, so that a required check resolves. A check run of that name already on the commit is left as it is. Sends nothing to the service; needs checks: write."
    },
    skipReason: {
        kind: 'text',
        default: 'Nothing to deploy: the workflow skipped the deploy for this commit.',
        commands: ['skip'],
        description: 'Why nothing was deployed, as each skipped check run or commit status says it.'
    },
    waitTimeoutMinutes: {
        kind: 'number',
        default: 60,
        min: 0,
        exclusiveMin: true,
        max: option_spec/* MAX_WAIT_TIMEOUT_MINUTES */.b5,
        commands: option_spec/* WAIT_OR_COLLECT */.tk,
        description: 'How long to wait for the verdict, in minutes (fractions allowed); at the timeout the verdict is timed-out and the run goes on at the service.'
    },
    pollIntervalSeconds: {
        kind: 'number',
        default: 30,
        min: 1,
        max: 600,
        commands: option_spec/* WAIT */.C_,
        env: { name: 'MOBILE_DEPLOY_POLL_INTERVAL_SECONDS', frontEnds: ['action', 'cli', 'library'] },
        description: 'Seconds between asks for the verdict (twice as long while the run is under review), default 30 or MOBILE_DEPLOY_POLL_INTERVAL_SECONDS; the first asks come sooner.'
    },
    runId: {
        kind: 'runIds',
        commands: ['wait'],
        description: `Wait for the verdict of this earlier run only (the runId of a deploy), or of several (the runIds of a deploy: separated by spaces, commas or lines), each judged with its own check run and comment row: no upload, no notification. Not with {{file}} or {{runInputPath}}.`
    },
    terminateEnvironment: {
        kind: 'boolean',
        default: false,
        commands: ['terminate'],
        frontEnds: ['action'],
        description: `End a preview environment and do nothing else; name it with exactly one of {{environmentId}}, {{environmentAlias}}, {{deploymentUrl}} or {{namePrefix}} (the deploy's, for its pull request's environment).`
    },
    environmentId: {
        kind: 'text',
        commands: ['terminate'],
        description: 'The environment to end, by its id (the environmentId of the deploy that made it).'
    },
    environmentAlias: {
        kind: 'text',
        commands: ['terminate'],
        description: 'The environment to end, by its alias.'
    }
};

;// CONCATENATED MODULE: ./src/core/shared/option-table.ts






/** The rows, by concern, in the order every table of them shows. */
const TABLE = {
    ...CONNECTION_OPTIONS,
    ...BUILD_OPTIONS,
    ...NOTIFICATION_OPTIONS,
    ...VERDICT_OPTIONS,
    ...REPORT_OPTIONS
};
/** The table, read by key: every entry as an {@link OptionSpec}. */
const OPTIONS = TABLE;
/** The keys in table order. */
const OPTION_KEYS = Object.keys(OPTIONS);


/***/ }),

/***/ 4980:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  vb: () => (/* binding */ MIN_SECRET_LENGTH),
  Sb: () => (/* binding */ Secrets),
  YA: () => (/* binding */ redactShapes)
});

// UNUSED EXPORTS: MIN_RUN, redactCredentials, secretPathSegment

;// CONCATENATED MODULE: ./src/core/shared/int-set.ts
/**
 * A set of non-negative 31-bit integers in one typed array (open addressing,
 * probed a slot at a time), for the redaction's hashes (spellings.ts): a
 * key's registration adds the hash of every window of each of its spellings,
 * thousands a key and a signed URL's more for each build. With a `Set` of
 * numbers, registering a key, a token and a signed URL took 0.83 ms, half
 * of it in the set; with this, 0.58 ms (`npm run bench:redact`).
 */
/** The mark of a free slot: no value the set holds is negative. */
const FREE = -1;
/** Slots a new set starts with; a key's spellings add some thousands. */
const FIRST_SLOTS = 16384;
/** Read once: the probes below run for every window of every spelling and of every text redacted. */
const imul = Math.imul;
class IntSet {
    slots = new Int32Array(FIRST_SLOTS).fill(FREE);
    held = 0;
    /** How many values it holds. */
    get size() {
        return this.held;
    }
    /** Adds `value` (0 to 2^31 - 1). */
    add(value) {
        // Kept at most half full: a probe then ends within a few slots.
        if ((this.held + 1) * 2 > this.slots.length)
            this.slots = grown(this.slots);
        if (place(this.slots, value))
            this.held++;
    }
    has(value) {
        const slots = this.slots;
        const mask = slots.length - 1;
        for (let at = spread(value) & mask;; at = (at + 1) & mask) {
            const there = slots[at];
            if (there === value)
                return true;
            if (there === FREE)
                return false;
        }
    }
}
/**
 * The value's slot before probing: its bits mixed, so that values alike in
 * their low bits (a rolling hash's neighbours) land apart.
 */
function spread(value) {
    const mixed = imul(value ^ (value >>> 16), 0x45d9f3b);
    return mixed ^ (mixed >>> 16);
}
/** Puts `value` in its slot; false when it was there already. */
function place(slots, value) {
    const mask = slots.length - 1;
    for (let at = spread(value) & mask;; at = (at + 1) & mask) {
        const there = slots[at];
        if (there === value)
            return false;
        if (there === FREE) {
            slots[at] = value;
            return true;
        }
    }
}
/** The values of `slots` in twice as many. */
function grown(slots) {
    const more = new Int32Array(slots.length * 2).fill(FREE);
    for (const value of slots)
        if (value !== FREE)
            place(more, value);
    return more;
}

// EXTERNAL MODULE: ./src/core/shared/text.ts
var shared_text = __nccwpck_require__(986);
;// CONCATENATED MODULE: ./src/core/shared/spellings.ts
/**
 * Pure: the spellings a secret can be printed in (redact.ts looks for each):
 * how the redaction reads a text (case, white space, invisible characters
 * and escaped line breaks folded away), a secret's encodings a server's
 * encoder may print it in, and how the runs of those spellings are found in
 * a text as read.
 */


/**
 * Reads `text` as above, in one pass into typed arrays: the redaction reads
 * every text that leaves the process, a 60 KB comment among them, and an
 * array grown a character at a time costs tens of times more.
 */
function reading(text) {
    // A character is read as at most as many code units as it has: the read is never longer than the text.
    const units = new Uint16Array(text.length);
    const from = new Int32Array(text.length);
    const to = new Int32Array(text.length);
    let n = 0;
    for (let i = 0; i < text.length;) {
        const code = text.charCodeAt(i);
        // Most text is ASCII: read it without a regular expression or a normalization per character.
        if (code < 0x80) {
            const next = code === 0x5c ? text.charCodeAt(i + 1) : 0;
            if (next === 0x6e || next === 0x72 || next === 0x74)
                i += 2;
            else if (code === 0x20 || (code >= 0x09 && code <= 0x0d))
                i++;
            else {
                units[n] = code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
                from[n] = i;
                to[n++] = ++i;
            }
            continue;
        }
        const character = String.fromCodePoint(text.codePointAt(i));
        const next = i + character.length;
        if (!/\s/.test(character) && !shared_text/* INVISIBLE_CHARACTER */.MZ.test(character)) {
            // Full-width and other compatibility forms read as the plain letter they stand for.
            const folded = character.normalize('NFKC');
            const plain = folded.length === 1 ? folded : character;
            const lower = plain.toLowerCase();
            const shown = lower.length === plain.length ? lower : plain;
            for (let unit = 0; unit < shown.length; unit++) {
                units[n] = shown.charCodeAt(unit);
                from[n] = i;
                to[n++] = next;
            }
        }
        i = next;
    }
    return { read: stringOf(units, n), from, to };
}
// Printable ASCII with no escaped line break: read as it is, in lower case (every encoded spelling of a key is).
const PLAIN = /^(?:[\x21-\x5b\x5d-\x7e]|\\(?![nrt]))*$/;
/** Pure: `text` as read (`reading(text).read`), at once when it is plain ASCII: a key's hundred spellings are read when it is registered. */
function readOf(text) {
    return PLAIN.test(text) ? text.toLowerCase() : reading(text).read;
}
/** Whether this machine keeps a code unit's low byte first, as UTF-16LE does (every platform Node ships for but s390x). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/**
 * The first `length` code units as a string: decoded as UTF-16LE at once (a
 * lone surrogate kept as it is), which costs a hundredth of spreading them
 * into String.fromCharCode; a chunk at a time where the machine's order is
 * not UTF-16LE's (an argument list has a limit).
 */
function stringOf(units, length) {
    if (LITTLE_ENDIAN)
        return Buffer.from(units.buffer, units.byteOffset, length * 2).toString('utf16le');
    let text = '';
    for (let at = 0; at < length; at += 8192)
        text += String.fromCharCode.apply(null, Array.from(units.subarray(at, Math.min(length, at + 8192))));
    return text;
}
/** A secret's bytes in UTF-16, low byte first or high byte first (what a Windows tool or a Java string dumps). */
function utf16(secret, littleEndian) {
    const bytes = Buffer.from(secret, 'utf16le');
    return littleEndian ? bytes : Buffer.from(bytes).swap16();
}
/**
 * The spellings of a secret a server's encoder may print it in, besides
 * base64: hex of its UTF-8 and of its UTF-16 (read in any case), `%XX` of
 * every byte and form encoding (`+` for a space), numeric HTML entities with
 * and without their `;` (hex padded to four digits too, decimal to five),
 * JSON's `\u` escapes, JavaScript's old `%uXXXX`, and the `\xNN` and `\u{…}`
 * escapes of JavaScript, Python and Rust.
 */
function escapedSpellings(secret) {
    // Each written from the hex and the numbers once: a deploy registers a key's spellings at its start.
    const decimal = [...secret].map(c => String(c.codePointAt(0)));
    const hex = [...secret].map(c => c.codePointAt(0).toString(16));
    // Encoders that pad: four hex digits (`&#x0065;`, `\u{0065}`), five decimal ones (`&#00101;`).
    const hex4 = hex.map(h => h.padStart(4, '0'));
    const decimal5 = decimal.map(d => d.padStart(5, '0'));
    const utf8 = Buffer.from(secret, 'utf8').toString('hex');
    const big = utf16(secret, false).toString('hex');
    const little = utf16(secret, true).toString('hex');
    return [
        // The bytes of its UTF-16, escaped one by one as a dump or a URL shows bytes.
        little.replace(/../g, '%$&'),
        big.replace(/../g, '%$&'),
        little.replace(/../g, '\\x$&'),
        big.replace(/../g, '\\x$&'),
        `\\u{${hex4.join('}\\u{')}}`,
        `&#x${hex4.join(';&#x')};`,
        `&#x${hex4.join('&#x')}`,
        `&#${decimal5.join(';&#')};`,
        big.replace(/.{4}/g, '%u$&'),
        utf8,
        little,
        big,
        utf8.replace(/../g, '%$&'),
        new URLSearchParams([['', secret]]).toString().slice(1),
        utf8.replace(/../g, '\\x$&'),
        `\\u{${hex.join('}\\u{')}}`,
        `&#${decimal.join(';&#')};`,
        `&#${decimal.join('&#')}`,
        `&#x${hex.join(';&#x')};`,
        `&#x${hex.join('&#x')}`,
        big.replace(/.{4}/g, '\\u$&')
    ];
}
/**
 * The spellings of a secret in base64 (of its UTF-8, and of its UTF-16 in
 * either byte order) that hold only its own bits, at each byte alignment it
 * can have inside an encoded text (a `user:` before it, say): the characters
 * that mix in a neighbour's bits are left off both ends.
 */
function base64Spellings(secret) {
    const spellings = [];
    for (const bytes of [Buffer.from(secret, 'utf8'), utf16(secret, true), utf16(secret, false)])
        for (const shift of [0, 1, 2]) {
            const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
            const own = encoded.slice(Math.ceil((shift * 8) / 6), Math.floor(((shift + bytes.length) * 8) / 6));
            spellings.push(own, own.replace(/\+/g, '-').replace(/\//g, '_'));
        }
    return spellings;
}
/**
 * A text that begins or ends with this many code units of a key's spelling
 * has them masked there (a run inside a text must be longer): a caller that
 * redacts a key's pieces one by one (a stream cut mid-key, a key pasted
 * across messages) shows none of them but pieces shorter than this.
 */
const MIN_EDGE = 6;
/** The base of the rolling hash below. */
const BASE = 31;
/**
 * Read once: the loops below run for every window of every spelling, and a
 * global looked up there costs many times the arithmetic where the code runs
 * in a sandboxed context (a vm context's global object answers each lookup
 * through a callback: the test runner runs the sources so).
 */
const spellings_imul = Math.imul;
// Twice 65,536 bits in 16 KiB: a key's couple of thousand runs (its many spellings) set a thirtieth of each
// half, so one window in about a thousand is looked for in vain; a set of the hashes cost more to fill.
const SIEVE_BITS = 0xffff;
/** A hash as the set keeps it: its low 30 bits, never negative (IntSet holds no negative value). */
const SMALL = 0x3fffffff;
/** Where the bits of the hashes' high 16 bits begin in the sieve. */
const HIGH = (SIEVE_BITS + 1) >> 3;
/** Runs of none yet. */
function noRuns() {
    return {
        joined: '\n',
        starts: new Set(),
        ends: new Set(),
        sieve: new Uint8Array((SIEVE_BITS + 1) >> 2),
        hashes: new IntSet()
    };
}
/** The hash of the first `length` code units of `read` (32 bits, wrapping), and BASE to the power `length - 1`. */
function firstHash(read, length) {
    let power = 1;
    let hash = 0;
    for (let k = 0; k < length; k++) {
        if (k > 0)
            power = spellings_imul(power, BASE);
        hash = (spellings_imul(hash, BASE) + read.charCodeAt(k)) | 0;
    }
    return { hash, power };
}
/** The hash of the window one code unit on: `out` leaves it, `next` enters it. */
function rolled(hash, out, next, power) {
    return (spellings_imul((hash - spellings_imul(out, power)) | 0, BASE) + next) | 0;
}
/** Pure: adds `spelling` (as read) and the hash of each of its windows of `length` code units to `runs`. */
function addRuns(runs, spelling, length) {
    runs.joined += `${spelling}\n`;
    if (spelling.length >= MIN_EDGE) {
        runs.starts.add(spelling.slice(0, MIN_EDGE));
        runs.ends.add(spelling.slice(-MIN_EDGE));
    }
    if (spelling.length < length)
        return;
    const { sieve, hashes } = runs;
    const first = firstHash(spelling, length);
    const power = first.power;
    let hash = first.hash;
    for (let at = 0;; at++) {
        sieve[(hash & SIEVE_BITS) >> 3] |= 1 << (hash & 7);
        sieve[HIGH + (hash >>> 19)] |= 1 << ((hash >>> 16) & 7);
        hashes.add(hash & SMALL);
        if (at + length >= spelling.length)
            return;
        hash = rolled(hash, spelling.charCodeAt(at), spelling.charCodeAt(at + length), power);
    }
}
/**
 * Pure: marks in `masked` every stretch of `read` that is one of the runs
 * (all `length` long), the hash rolled along so that a window costs the same
 * whatever its length. Only a window whose hash the sieve holds is looked
 * for in the spellings: every text that leaves the process is read, and a slice at
 * every position of a 60 KB comment costs more than the rest of the redaction.
 */
function markRuns(read, length, { joined, sieve, hashes }, masked) {
    if (read.length < length)
        return;
    const first = firstHash(read, length);
    const power = first.power;
    let hash = first.hash;
    for (let at = 0;; at++) {
        if ((sieve[(hash & SIEVE_BITS) >> 3] & (1 << (hash & 7))) !== 0 &&
            (sieve[HIGH + (hash >>> 19)] & (1 << ((hash >>> 16) & 7))) !== 0 &&
            hashes.has(hash & SMALL)) {
            const window = read.slice(at, at + length);
            if (joined.includes(window))
                masked.fill(1, at, at + length);
        }
        if (at + length >= read.length)
            return;
        hash = rolled(hash, read.charCodeAt(at), read.charCodeAt(at + length), power);
    }
}

;// CONCATENATED MODULE: ./src/core/shared/pieces.ts
/**
 * Pure: a key's pieces at a text's edges, for a caller that redacts a key's
 * pieces one by one (a stream cut mid-key, a key pasted across messages):
 * what a text begins or ends with of a key's spelling, and what goes on with
 * a key's start the texts before it ended with. A run inside a text is
 * spellings.ts's `markRuns`.
 */

/**
 * Pure: marks in `masked` the longest stretch (of `MIN_EDGE` code units or
 * more, shorter than a run) at the start of `read` that ends a spelling, and
 * at its end that begins one: the rest of a key whose start the text before
 * ended with, or the start of one the text after goes on with. Only a key's
 * own start and end: a word of a text that is also inside a key stays.
 */
function markEdges(read, length, { joined, starts, ends }, masked) {
    let head = 0;
    let tail = 0;
    for (let size = MIN_EDGE; size < length && size <= read.length; size++) {
        const first = read.slice(0, size);
        if (ends.has(first.slice(-MIN_EDGE)) && joined.includes(`${first}\n`))
            head = size;
        const last = read.slice(read.length - size);
        if (starts.has(last.slice(0, MIN_EDGE)) && joined.includes(`\n${last}`))
            tail = size;
    }
    masked.fill(1, 0, head);
    masked.fill(1, read.length - tail, read.length);
}
/**
 * Pure: marks in `masked` the start of `read` that goes on with a
 * spelling's start the text before it (`before`, as read) ended with: a key
 * whose first pieces, each shorter than `MIN_EDGE`, a caller redacts one by
 * one. Once the pieces together reach `MIN_EDGE` characters of a key's
 * start, the rest of them is masked; a first piece of five characters or
 * fewer that stands alone can show.
 */
function markContinued(before, read, length, { joined, starts }, masked) {
    let longest = 0;
    for (let k = 1; k < length && k <= before.length; k++) {
        const ended = before.slice(before.length - k);
        if (!starts.has((ended + read).slice(0, MIN_EDGE)))
            continue;
        for (let m = Math.min(read.length, length - k); m > longest && k + m >= MIN_EDGE; m--)
            if (joined.includes(`\n${ended}${read.slice(0, m)}`)) {
                longest = m;
                break;
            }
    }
    masked.fill(1, 0, longest);
}

// EXTERNAL MODULE: ./src/core/shared/url-parts.ts
var url_parts = __nccwpck_require__(123);
;// CONCATENATED MODULE: ./src/core/shared/redact.ts
/**
 * The one redaction: every text that leaves the process (log lines, the final
 * error, outputs, hand-over files, the summary, the library's `reason`) goes
 * through `Secrets.redact`. It removes the secrets it was told (the key, each
 * signed URL and its signature, in every spelling they can be printed in) and,
 * without being told, anything shaped like a credential: a URL's query string
 * or user info, a signature or token parameter, a bearer token, a Basic
 * authorization.
 *
 * A key is looked for the way a careless server or a log may have changed it:
 * in any case, split across lines or spaces (and the escapes `\n`, `\r`,
 * `\t`), with invisible characters in it, URL-encoded, form-encoded, `%XX` of
 * every byte, base64-encoded (of its UTF-8 and of its UTF-16 in either byte
 * order; standard and URL-safe alphabets, at each of the three byte
 * alignments, so also inside `Basic base64(user:key)`), hex-encoded (UTF-8
 * and UTF-16, and its UTF-16's bytes as `%XX` or `\xNN`), as numeric HTML entities (with or without their `;`), JSON's
 * `\u` escapes, `\xNN` or `\u{…}` escapes, in full-width letters, and cut:
 * any run of `MIN_RUN` consecutive characters of any of these spellings is
 * masked. A key whose pieces a caller redacts one by one (a stream cut
 * mid-key, each piece a line) shows none of them: a text's start that goes on
 * with a run the text redacted before it ended with is masked, so is one that
 * goes on with a key's start the texts before it ended with, and so are
 * `MIN_EDGE` or more characters a text ends with that begin a key's spelling,
 * or that a text begins with that end one; a key's first piece of five
 * characters or fewer, with no piece of the key before it, can show.
 *
 * A key shorter than `MIN_SECRET_LENGTH` is masked too, but only where it
 * stands as a whole word and spelled exactly: masked inside words, a
 * three-letter key would blank every word that holds its letters, in our own
 * sentences and the service's alike, and hide what went wrong. As a whole word
 * it is still masked wherever it was echoed or quoted (`"abc"`, `key=abc`); a
 * key that is also a common word blanks that word, the price of never showing
 * it. A short key is not handed to the runner's masker, which would mask it
 * inside every word of the job's log.
 */



/** A key shorter than this is masked only as a whole word (see above); a URL or a query shorter than this is never masked. */
const MIN_SECRET_LENGTH = 8;
/** Any run of this many consecutive characters of a key (or of its encodings) is masked: an echo that cuts the key shows none of it. */
const MIN_RUN = 12;
const MASK = '***';
// A `?name=value` left by a library that prints a path with its query; a glob's `?` stays.
const PATH_QUERY = /\?[\w.%-]+=[^\s'"<>]*/g;
// Names of parameters that carry a credential: X-Amz-Signature, X-Goog-Signature, a store's `provided=`, tokens, keys.
const NAMES = '(?:x-(?:amz|goog)-)?(?:signature|credential|security-token)|sig|provided|access_token|token|api[_-]?key|password';
// `name=value`, also URL-encoded (`name%3Dvalue`), in any case.
const PARAMETER = new RegExp(`\\b(${NAMES})(\\s*(?:=|%3D)\\s*)[^\\s&'"<>,;)]+`, 'gi');
// `"name": "value"` in an echoed JSON body.
const JSON_FIELD = new RegExp(`("(?:${NAMES})"\\s*:\\s*")[^"]*`, 'gi');
// `Bearer <token>`, as an Authorization header a server echoes.
const BEARER = /\b(bearer)(\s+)[\w.~+/=-]+/gi;
// `Basic <base64 of user:password>`: a token with a digit or a symbol in it, or a long one, so that "basic plan" stays.
const BASIC = /\b(Basic)(\s+)(?=[\w+/-]*[\d+/=_-]|[\w+/-]{16})[\w+/-]{8,}={0,2}/gi;
/** Redacts what is named like a credential, knowing no secret: user info in a URL, signature and token parameters, bearer tokens, Basic authorizations. */
function redactCredentials(text) {
    return (0,url_parts/* withoutUserInfo */.sl)(text, MASK)
        .replace(PARAMETER, `$1$2${MASK}`)
        .replace(JSON_FIELD, `$1${MASK}`)
        .replace(BEARER, `$1$2${MASK}`)
        .replace(BASIC, `$1$2${MASK}`);
}
/** Redacts what is shaped like a credential in prose: every URL's query string too, as a signed URL's. */
function redactShapes(text) {
    return redactCredentials((0,url_parts/* withoutUrlQueries */.kl)(text).replace(PATH_QUERY, '?…'));
}
/**
 * Pure: whether a URL's path segment reads as a token (a webhook's secret,
 * a UUID): at least MIN_RUN characters of letters, digits, `_` and `-`, of
 * at least two kinds among lower case, upper case and digits. A name
 * (`mobile-build-deploy`, `com.example.shop`, `webhooks`) reads as none.
 */
function secretPathSegment(segment) {
    if (segment.length < MIN_RUN || !/^[\w-]+$/.test(segment))
        return false;
    return [/[a-z]/, /[A-Z]/, /\d/].filter(kind => kind.test(segment)).length >= 2;
}
/** A URL's part decoded, or as it is spelled when it is no valid encoding (`%zz`): a stranger's URL never throws here. */
function safeDecode(segment) {
    try {
        return decodeURIComponent(segment);
    }
    catch {
        return segment;
    }
}
/** A text URL-encoded, or as it is when it has no encoding (a lone surrogate has no UTF-8): a caller's key never throws here. */
function safeEncode(text) {
    try {
        return encodeURIComponent(text);
    }
    catch {
        return text;
    }
}
/** The secrets of one deploy, and the redaction every outward text goes through. */
class Secrets {
    onMask;
    /** URLs and queries, masked as they are spelled (and URL-encoded). */
    exact = new Set();
    /**
     * The runs of `MIN_RUN` characters (or a whole shorter spelling) of each
     * key's spellings, as read, by length: the spellings, and a sieve of the hash of
     * every run in them (a run is looked for by its hash, then found in a
     * spelling).
     */
    runs = new Map();
    /** Keys shorter than `MIN_SECRET_LENGTH`, masked as whole words. */
    words = new Set();
    /** Every key registered: one told again (each front end and the deploy tell the key) costs nothing. */
    keys = new Set();
    wordPattern;
    /** The end (as read) of the text redacted last: a run of a key begun there and going on in the next text is masked in it. */
    tail = '';
    /** Secret URLs, masked (their host kept) where they stand whole: not where one is only the start of another address. */
    whole = new Map();
    wholePattern;
    /** `onMask` is told each secret registered, so that a runner can mask it in its own log too. */
    constructor(onMask = () => undefined) {
        this.onMask = onMask;
    }
    /** Registers a key (an API key, a token, a signature): masked in every spelling above, whatever its length. */
    add(secret) {
        if (!secret || this.keys.has(secret))
            return;
        this.keys.add(secret);
        if (secret.length < MIN_SECRET_LENGTH) {
            if (this.words.has(secret))
                return;
            for (const form of new Set([secret, safeEncode(secret)]))
                this.words.add(form);
            this.wordPattern = undefined;
            return;
        }
        const encoded = safeEncode(secret);
        for (const form of new Set([secret, encoded]))
            this.maskForm(form);
        for (const spelling of [
            secret,
            encoded,
            ...base64Spellings(secret),
            ...escapedSpellings(secret)
        ]) {
            const read = readOf(spelling);
            const length = Math.min(read.length, MIN_RUN);
            if (length === 0)
                continue;
            const known = this.runs.get(length) ?? noRuns();
            this.runs.set(length, known);
            addRuns(known, read, length);
        }
    }
    /**
     * Registers a URL that is a secret (a webhook's): the URL itself, as
     * spelled and URL-encoded, wherever it stands whole (not where it only
     * begins another address: a webhook at a host's root is a prefix of every
     * link to that host); and, as keys, only its parts that can be secret: its
     * user info, its query and each query value, each path segment that reads
     * as a token (secretPathSegment). Nothing that merely shares characters
     * with it (its host, `/api/webhooks/`, a repository's or an app's name in
     * its path) is touched.
     */
    addUrl(secretUrl) {
        let url;
        try {
            url = new URL(secretUrl);
        }
        catch {
            this.add(secretUrl);
            return;
        }
        const parts = [
            safeDecode(url.username),
            safeDecode(url.password),
            ...[...url.searchParams.values()],
            ...url.pathname
                .split('/')
                .map(segment => safeDecode(segment))
                .filter(secretPathSegment)
        ].filter(part => part.length >= MIN_SECRET_LENGTH);
        if (url.search.length > 1)
            this.addExact(url.search.slice(1));
        for (const part of parts)
            this.add(part);
        // Its host is no secret: a message may still say where a request went.
        const shown = (form) => (form.startsWith(url.origin) ? `${url.origin}${MASK}` : MASK);
        for (const form of new Set([secretUrl, url.href, encodeURIComponent(url.href)])) {
            this.whole.set(form, shown(form));
            // The runner masks anywhere: told only a URL with a part of its own, never one a link could begin with.
            if (parts.length > 0 || url.search.length > 1)
                this.onMask(form);
        }
        this.wholePattern = undefined;
    }
    /** Registers a signed URL and its query as they are spelled, and every parameter value in it that looks like a credential as a key. */
    addSignedUrl(signedUrl) {
        this.addExact(signedUrl);
        let url;
        try {
            url = new URL(signedUrl);
        }
        catch {
            return;
        }
        this.addExact(url.search.slice(1));
        for (const [name, value] of url.searchParams) {
            if (/signature|credential|token|key|sig$/i.test(name))
                this.add(value);
        }
    }
    /** A text for people (a log line, a message) with every registered secret and every credential shape replaced. */
    redact(text) {
        return redactShapes(this.withoutSecrets(text));
    }
    /** A value (an output, a link) with every registered secret and credential parameter replaced; a plain query string stays. */
    redactValue(value) {
        return redactCredentials(this.withoutSecrets(value));
    }
    /** Registers a value exactly as it is spelled (and URL-encoded): what another deploy's redaction was told, a URL. */
    addExact(value) {
        if (value.length < MIN_SECRET_LENGTH)
            return;
        for (const form of new Set([value, safeEncode(value)]))
            this.maskForm(form);
    }
    maskForm(form) {
        if (this.exact.has(form))
            return;
        this.exact.add(form);
        this.onMask(form);
    }
    withoutSecrets(text) {
        // A secret URL first, whole: its parts are masked below, and a URL whose token is masked is no longer whole.
        let shown = this.withoutWholeUrls(text);
        // Longest first, so that a URL goes before the signature inside it.
        for (const secret of [...this.exact].sort((a, b) => b.length - a.length))
            shown = shown.split(secret).join(MASK);
        return this.withoutWords(this.withoutRuns(shown));
    }
    withoutWholeUrls(text) {
        if (this.whole.size === 0)
            return text;
        this.wholePattern ??= new RegExp(`(?:${[...this.whole.keys()]
            .sort((a, b) => b.length - a.length)
            .map(url => url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
            .join('|')})(?![.,]*[\\w\\-~%!$&'()*+;=:@/?#])`, 'g');
        return text.replace(this.wholePattern, form => this.whole.get(form) ?? MASK);
    }
    /** Every stretch of the text that reads as a run of a key, masked whole (with the breaks inside it). */
    withoutRuns(text) {
        if (this.runs.size === 0)
            return text;
        const { read, from, to } = reading(text);
        const before = this.tail;
        const both = new Uint8Array(before.length + read.length);
        const masked = both.subarray(before.length);
        const seen = before + read;
        for (const [length, known] of this.runs) {
            markRuns(seen, length, known, both);
            markEdges(read, length, known, masked);
            markContinued(before, read, length, known, masked);
        }
        this.tail = seen.slice(1 - MIN_RUN);
        let shown = '';
        let done = 0;
        for (let i = 0; i < read.length; i++) {
            if (!masked[i] || (i > 0 && masked[i - 1]))
                continue;
            let last = i;
            while (last + 1 < read.length && masked[last + 1])
                last++;
            shown += `${text.slice(done, from[i])}${MASK}`;
            done = to[last];
        }
        return shown + text.slice(done);
    }
    withoutWords(text) {
        if (this.words.size === 0)
            return text;
        this.wordPattern ??= new RegExp(`(?<![\\p{L}\\p{N}_])(?:${[...this.words]
            .sort((a, b) => b.length - a.length)
            .map(word => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
            .join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
        return text.replace(this.wordPattern, MASK);
    }
}


/***/ }),

/***/ 986:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   A$: () => (/* binding */ withoutTrailingSlashes),
/* harmony export */   Fd: () => (/* binding */ hasControlCharacter),
/* harmony export */   MZ: () => (/* binding */ INVISIBLE_CHARACTER),
/* harmony export */   Mm: () => (/* binding */ bounded),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   Zb: () => (/* binding */ hiddenCharacterIn),
/* harmony export */   aj: () => (/* binding */ sanitize),
/* harmony export */   g$: () => (/* binding */ sanitizeLine),
/* harmony export */   hD: () => (/* binding */ quote),
/* harmony export */   jQ: () => (/* binding */ showInvisible)
/* harmony export */ });
/* unused harmony exports sanitizeJson, shorten, OUTSIDE_TEXT_MAX */
/**
 * The one formatter for text from outside (file and folder names, branch
 * names, the service's words, libraries' messages) on its way out of the
 * process. A GitHub runner obeys lines that begin with `::` (after white
 * space) or hold `##[` anywhere; a name with a line break could otherwise
 * start such a line (`::stop-commands::…` would then unmask every secret
 * after it). Characters that show nothing (zero-width, fillers, the soft
 * hyphen, tag characters) or reorder what follows (bidirectional controls)
 * would make a name read as another one, or hide words in it that a person
 * never sees: they are shown as escapes (`\u200b`, `\u{e0041}`).
 */
// Line breaks of any kind, every C0/C1 control and DEL.
const BREAKS_AND_CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';
/**
 * Characters that show nothing or reorder the text around them: every
 * default-ignorable code point and every format character of Unicode (the
 * soft hyphen, the combining grapheme joiner, the Arabic letter mark, the
 * Hangul and Khmer fillers, the Mongolian vowel separator and free
 * variation selectors, zero-width spaces and joiners, bidirectional marks,
 * embeddings, overrides and isolates, the word joiner and invisible
 * operators, the byte-order mark, interlinear annotation marks, shorthand
 * and hieroglyph format controls, musical formatting, the variation
 * selectors, and the tag characters, which can spell a hidden text after a
 * visible one), and the Braille blank, which is not one but shows nothing.
 */
const INVISIBLE_CLASS = '\\p{Default_Ignorable_Code_Point}\\p{Cf}\\u2800';
/**
 * An emoji's own presentation selector (the U+FE0F of `⚠️`), the one
 * variation selector a person sees as part of the character before it: kept.
 * A selector after anything else, or a run of them (how bytes are hidden in
 * selectors), is escaped.
 */
const NOT_PRESENTATION = '(?!(?<=\\p{Emoji})[\\ufe0e\\ufe0f])';
const INVISIBLES = `${NOT_PRESENTATION}[${INVISIBLE_CLASS}]`;
const UNPRINTABLE = new RegExp(`[${BREAKS_AND_CONTROLS}]|${INVISIBLES}`, 'gu');
const INVISIBLE = new RegExp(INVISIBLES, 'gu');
const BREAK_OR_CONTROL = new RegExp(`[${BREAKS_AND_CONTROLS}]`, 'gu');
// What JSON.stringify leaves as it is but a person would not see: written as \u escapes of its UTF-16 units.
const JSON_ESCAPED = new RegExp(`${INVISIBLES}|[\\u2028\\u2029]`, 'gu');
// What a name shown to people must not hold: a line break, a control, an invisible or reordering character, half a surrogate pair.
const HIDDEN = new RegExp(`[${BREAKS_AND_CONTROLS}]|${INVISIBLES}|\\p{Cs}`, 'u');
/** Pure: the first character of `text` that breaks the line, shows nothing, reorders the text or is half a character, as an escape a person can read (`\u202e`); undefined when none. */
function hiddenCharacterIn(text) {
    const found = HIDDEN.exec(text)?.[0];
    return found === undefined ? undefined : escaped(found);
}
/** One invisible character, a presentation selector too: the redaction looks through them inside a secret, as a person reading the text would. */
const INVISIBLE_CHARACTER = new RegExp(`[${INVISIBLE_CLASS}]`, 'u');
/** Pure: the text with every invisible character written as an escape a person can read (`\u200b`); line breaks and markup left to the caller. */
function showInvisible(text) {
    return text.replace(INVISIBLE, escaped);
}
const ESCAPES = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
// C0 controls, DEL and C1 controls: never valid in a name, a path or a header.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
function hasControlCharacter(value) {
    return CONTROL.test(value);
}
/** A character as an escape a person can read: `\n`, `\u200b`, `\u{e0041}`. */
function escaped(character) {
    const known = ESCAPES[character];
    if (known)
        return known;
    const code = character.codePointAt(0);
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}
/** The text on one line, with every unprintable or invisible character escaped and the runner's `##[` prefix broken. */
function sanitize(text) {
    return text.replace(UNPRINTABLE, escaped).replace(/##\[/g, '#\\u0023[');
}
/** A whole log line, sanitized; one that would begin a workflow command has its first colon escaped. */
function sanitizeLine(line) {
    return sanitize(line).replace(/^(\s*):(?=:)/, '$1\\u003a');
}
/**
 * JSON for a machine that may be watched by a person (`--json` on stdout,
 * which a runner also reads as its log): every value exact once parsed, and
 * every invisible character, line separator and `##[` written as a JSON
 * escape (`\u200b`, `\udb40\udc41`, `#\u0023[`), so that the text shows them
 * and a runner finds no command in it. JSON.stringify already escapes the
 * controls; these characters only ever stand inside strings.
 */
function sanitizeJson(value, indent) {
    const text = JSON.stringify(value, null, indent) ?? 'null';
    return text
        .replace(JSON_ESCAPED, character => character
        .split('')
        .map(unit => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .join(''))
        .replace(/##\[/g, '#\\u0023[');
}
/** At most `max` characters, never cutting a character of two UTF-16 units in half. */
function shorten(value, max) {
    if (value.length <= max)
        return value;
    const end = /[\ud800-\udbff]/.test(value.charAt(max - 1)) ? max - 1 : max;
    return `${value.slice(0, end)}…`;
}
/**
 * The most of one text from outside (the service's words, a bug's name, a
 * message GitHub answers, a header) that anything reads: a report shows a
 * line of at most a few hundred characters of it, and this leaves room for
 * the white space and invisible characters a line drops. A longer text is
 * cut to it where it comes in, before it is redacted, formatted or matched,
 * so that no reading of it costs more than this length's.
 */
const OUTSIDE_TEXT_MAX = 2_000;
/** Pure: a text from outside cut to what a report can show (see OUTSIDE_TEXT_MAX). */
function bounded(value) {
    return shorten(value, OUTSIDE_TEXT_MAX);
}
/**
 * Pure: `value` without the slashes it ends with. A loop, not `/\/+$/`,
 * which reads a run of slashes once from each of them when no end follows.
 */
function withoutTrailingSlashes(value) {
    let end = value.length;
    while (end > 0 && value.charCodeAt(end - 1) === 0x2f)
        end--;
    return value.slice(0, end);
}
/** A quote mark, or a character a message shows as an escape: a quoted value holding one is JSON-escaped. */
const NEEDS_ESCAPES = new RegExp(`["${BREAKS_AND_CONTROLS}\\ud800-\\udfff]|${INVISIBLES}`, 'u');
/**
 * A value quoted for a message, sanitized and short: as written (a Windows
 * path keeps its single backslashes, `"D:\builds\app.apk"`), unless it holds a
 * quote mark or a character shown as an escape; then JSON-escaped whole, so
 * that an escape is never read as the backslash of a path.
 */
function quote(value, max = 80) {
    const short = shorten(value, max);
    return sanitize(NEEDS_ESCAPES.test(short) ? JSON.stringify(short) : `"${short}"`);
}
/**
 * The service's words as one plain line: line breaks and controls become
 * spaces, invisible characters are removed (nothing hides in the line),
 * white space is collapsed, at most `max` characters.
 */
function oneLine(value, max = 300) {
    const line = value
        .replace(INVISIBLE, '')
        .replace(BREAK_OR_CONTROL, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    return shorten(line, max);
}


/***/ }),

/***/ 123:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   kl: () => (/* binding */ withoutUrlQueries),
/* harmony export */   ky: () => (/* binding */ withinApi),
/* harmony export */   sl: () => (/* binding */ withoutUserInfo),
/* harmony export */   vs: () => (/* binding */ isJsonType)
/* harmony export */ });
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(986);
/**
 * Pure: the parts of a URL in prose the redaction masks (its query, its user
 * info), found by one scan from each `://` rather than by a regular
 * expression. `\b[a-z][a-z\d+.-]*:\/\/` tried at every letter of a run such as
 * `a.a.a…` reads the rest of the run each time: a 160,000-character message
 * took a minute. Here the run before each `://` is read once, backwards, and
 * no farther than the previous match, and what follows is read once too.
 */

/** A character of a URL's scheme (`[a-z\d+.-]`, any case). */
function isSchemeCharacter(code) {
    return (isLetter(code) ||
        (code >= 0x30 && code <= 0x39) ||
        code === 0x2b ||
        code === 0x2d ||
        code === 0x2e);
}
function isLetter(code) {
    return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}
/** A character of a word, as `\b` reads it (`[A-Za-z0-9_]`); NaN (before the text) is none. */
function isWordCharacter(code) {
    return isLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
}
/**
 * Whether a scheme (`\b[a-z][a-z\d+.-]*`) ends at `colon`, beginning no
 * earlier than `floor`: some letter of the run of scheme characters before
 * it stands after a word boundary.
 */
function hasScheme(text, colon, floor) {
    let start = colon;
    while (start > floor && isSchemeCharacter(text.charCodeAt(start - 1)))
        start--;
    for (let at = start; at < colon; at++)
        if (isLetter(text.charCodeAt(at)) && !isWordCharacter(text.charCodeAt(at - 1)))
            return true;
    return false;
}
/** The end of the run of characters `span` accepts from `from` (a sticky pattern of one class: linear). */
function spanEnd(span, text, from) {
    span.lastIndex = from;
    return from + (span.exec(text)?.[0].length ?? 0);
}
const PATH = /[^\s'"<>?]*/y;
const QUERY = /[^\s'"<>]*/y;
const USER_INFO = /[^\s/@'"<>]*/y;
/** The query after a URL's path (`?` and at least one character). */
function queryPart(text, from) {
    const question = spanEnd(PATH, text, from);
    const end = text.charCodeAt(question) === 0x3f ? spanEnd(QUERY, text, question + 1) : question;
    // Every `://` before where the path stopped stops there too: none of them has a query either.
    return end > question + 1 ? { replace: [question, end], end } : { stop: question };
}
/**
 * The user info right after a URL's `://` (at least one character, then
 * `@`). The scan stops at a `/`, so at the next `://` at the latest: it is
 * looked for from there again, and no character is read twice.
 */
function userInfoPart(text, from) {
    const at = spanEnd(USER_INFO, text, from);
    return at > from && text.charCodeAt(at) === 0x40
        ? { replace: [from, at + 1], end: at + 1 }
        : { stop: from };
}
/** Each URL's part that `part` finds replaced by `shown`, the rest of the text as it is. */
function replaceParts(text, part, shown) {
    let result = '';
    let done = 0;
    let floor = 0;
    for (let colon = text.indexOf('://'); colon >= 0;) {
        let next = colon + 1;
        if (hasScheme(text, colon, floor)) {
            const found = part(text, colon + 3);
            if ('stop' in found)
                next = Math.max(next, found.stop);
            else {
                result += `${text.slice(done, found.replace[0])}${shown}`;
                done = found.replace[1];
                floor = next = found.end;
            }
        }
        colon = text.indexOf('://', next);
    }
    return done === 0 ? text : result + text.slice(done);
}
/** Pure: every URL's query string (a signature may be in it) written `?…`. */
function withoutUrlQueries(text) {
    return replaceParts(text, queryPart, '?…');
}
/** Pure: every URL's user and password written `***@`. */
function withoutUserInfo(text, mask) {
    return replaceParts(text, userInfoPart, `${mask}@`);
}
/** Whether `url` is an API's at `baseUrl` (GitHub's, GitLab's, Bitbucket's): the same origin, under the same path. */
function withinApi(url, baseUrl) {
    try {
        const target = new URL(url);
        const base = new URL(baseUrl);
        const path = (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .withoutTrailingSlashes */ .A$)(base.pathname);
        return (target.origin === base.origin &&
            (target.pathname === path || target.pathname.startsWith(`${path}/`)));
    }
    catch {
        return false;
    }
}
/** Whether a content type is JSON's (`application/json`, or a `+json` type). */
function isJsonType(contentType) {
    const type = contentType.split(';')[0].trim().toLowerCase();
    return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}


/***/ }),

/***/ 3113:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   N1: () => (/* binding */ userAgent)
/* harmony export */ });
/* unused harmony exports PRODUCT_NAME, PRODUCT_VERSION */
/** The product's name and version; every request names them, and the front end, in its User-Agent. Kept equal to package.json by a test. */
const PRODUCT_NAME = 'mobile-build-deploy';
const PRODUCT_VERSION = '1.2.0';
/** The User-Agent of one front end: `mobile-build-deploy/1.2.0 (action)`. */
function userAgent(frontEnd) {
    return `${PRODUCT_NAME}/${PRODUCT_VERSION} (${frontEnd})`;
}


/***/ }),

/***/ 7653:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ foreignWhat)
/* harmony export */ });
/* harmony import */ var _shared_text_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(986);

/** How much of an answer is looked at to say what it is. */
const LOOKED_AT = 4096;
/**
 * Pure: an answer that is not the JSON an API answers, told as what it is
 * (a page's title, the start of a text, its content type when given): most
 * often a proxy's or a sign-in page between the runner and the API. Only
 * its first few KiB are read, and every pattern is bounded.
 */
function foreignWhat(body, contentType = '') {
    const head = body.slice(0, LOOKED_AT);
    const title = /<title[^>]{0,200}>([^<]{1,200})</i.exec(head)?.[1]?.trim();
    if (title)
        return `an HTML page titled ${(0,_shared_text_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(title, 80)}`;
    if (/^\s*</.test(head))
        return 'an HTML or XML page';
    const text = head.trim();
    if (!text)
        return 'an empty answer';
    return `${contentType ? `${(0,_shared_text_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(contentType, 40)} ` : ''}text beginning ${(0,_shared_text_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(text, 60)}`;
}


/***/ }),

/***/ 2927:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   QQ: () => (/* binding */ requestedDelay),
/* harmony export */   bD: () => (/* binding */ withRetry),
/* harmony export */   dg: () => (/* binding */ isTransient),
/* harmony export */   mu: () => (/* binding */ parseRetryAfter),
/* harmony export */   pH: () => (/* binding */ DEFAULT_BASE_DELAY_MS),
/* harmony export */   pQ: () => (/* binding */ MAX_RETRY_DELAY_MS),
/* harmony export */   zD: () => (/* binding */ logRetry)
/* harmony export */ });
/* unused harmony exports TRANSIENT_STATUSES, backoffDelay */
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2287);
/* harmony import */ var _shared_clock_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(763);


/** Statuses worth another attempt: rate limiting and the transient server errors. */
const TRANSIENT_STATUSES = new Set([429, 500, 502, 503, 504]);
/** Whether another attempt may succeed where this one failed. */
function isTransient(error) {
    if (error instanceof _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .NetworkError */ .Dr || error instanceof _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ExpiredUrlError */ .Hm)
        return true;
    return error instanceof _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .HttpStatusError */ .F9 && TRANSIENT_STATUSES.has(error.status);
}
/**
 * The longest wait before another attempt (or another ask for the verdict):
 * the ceiling of the backoff, and the cap on a server's Retry-After, in
 * seconds or as an HTTP date. A server that asks for hours, or names a date a
 * year ahead, is asked again within this; its own limits answer 429 again if
 * it meant it, and every wait still ends by its deadline.
 */
const MAX_RETRY_DELAY_MS = 60_000;
const DEFAULT_BASE_DELAY_MS = 1000;
/**
 * The wait before attempt `attempt + 1`: the server's Retry-After when it gave
 * one, else exponential backoff with equal jitter (half fixed, half random), so
 * that many pipelines failing together do not retry in lockstep.
 */
function backoffDelay(attempt, policy, retryAfterMs, random = Math.random) {
    const cap = Math.min(policy.maxDelayMs, MAX_RETRY_DELAY_MS);
    if (retryAfterMs !== undefined)
        return Math.min(retryAfterMs, cap);
    const ceiling = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), cap);
    return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
/** The wait a failed request's server asked for with Retry-After, within the policy's cap; undefined when it asked none. */
function requestedDelay(error, policy) {
    if (!(error instanceof _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .HttpStatusError */ .F9) || error.retryAfterMs === undefined)
        return undefined;
    return Math.min(error.retryAfterMs, policy.maxDelayMs, MAX_RETRY_DELAY_MS);
}
/** Retry-After in milliseconds, from seconds or an HTTP date; undefined when absent or unreadable. Not capped: see {@link requestedDelay}. */
function parseRetryAfter(value, now = _shared_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .clock */ .pm.now()) {
    const text = Array.isArray(value) ? value[0] : value;
    if (!text)
        return undefined;
    if (/^\s*\d+\s*$/.test(text))
        return Number(text) * 1000;
    // An HTTP date always names its weekday and month; anything else (e.g. "-1") is unreadable.
    if (!/[a-z]{3}/i.test(text))
        return undefined;
    const date = Date.parse(text);
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
/**
 * Runs `operation` until it succeeds, fails permanently (that error is thrown
 * as it is), or runs out of attempts or time (a `RetriesExhaustedError`). An
 * aborted signal ends the loop at once, whatever it was doing. `onRetry`
 * tells the log what failed and how long the wait is.
 */
async function withRetry(policy, operation, onRetry, clock = _shared_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .clock */ .pm) {
    let previous;
    for (let number = 1;; number++) {
        if (policy.signal?.aborted)
            throw (0,_shared_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .abortError */ .vt)(policy.signal);
        try {
            return await operation({ number, previous });
        }
        catch (error) {
            if (policy.signal?.aborted)
                throw (0,_shared_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .abortError */ .vt)(policy.signal);
            if (!isTransient(error) && !policy.alsoTransient?.(error))
                throw error;
            if (number >= policy.maxAttempts)
                throw new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RetriesExhaustedError */ .i5(error, number);
            const wait = backoffDelay(number, policy, requestedDelay(error, policy));
            if (clock.now() + wait >= policy.deadline)
                throw new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .RetriesExhaustedError */ .i5(error, number);
            onRetry(error, number, wait);
            await clock.sleep(wait, policy.signal);
            previous = error;
        }
    }
}
function logRetry(log, error, attempt, maxAttempts, delayMs) {
    const said = (0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .messageOf */ .bD)(error).replace(/([^.])$/, '$1.');
    log.info(`Attempt ${attempt} of ${maxAttempts} failed: ${said} Retrying in ${(delayMs / 1000).toFixed(1)} s.`);
}


/***/ }),

/***/ 5163:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ox: () => (/* binding */ OversizeAnswerError),
/* harmony export */   Rh: () => (/* binding */ DEFAULT_TIMEOUTS),
/* harmony export */   Wy: () => (/* binding */ labelOf),
/* harmony export */   gl: () => (/* binding */ describeNetworkError),
/* harmony export */   tN: () => (/* binding */ send)
/* harmony export */ });
/* unused harmony exports MAX_RESPONSE_BYTES, readCapped */
/* harmony import */ var _actions_http_client__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(4942);
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2287);
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(4980);
/* harmony import */ var _shared_clock_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(763);




const DEFAULT_TIMEOUTS = { connectMs: 30_000, idleMs: 120_000, requestMs: 300_000 };
/** The most of a response body that is read; the service's answers are small. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
/** The longest a timer of Node's can be (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * An answer whose body is larger than the request's cap: not read, and not
 * retried by the retry policy (a wrong address answering with a page). The
 * wait for the verdict takes it as a problem of that one ask.
 */
class OversizeAnswerError extends _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeployError */ .sH {
    name = 'OversizeAnswerError';
}
/**
 * Sends one request through @actions/http-client (which also honours the
 * runner's proxy settings) and reads the answer with a size cap. No retries,
 * no redirects: the retry policy and the service layer decide what comes next.
 */
async function send(request, { timeouts, userAgent }, { signal, deadline, maxBytes = MAX_RESPONSE_BYTES } = {}) {
    if (signal?.aborted)
        throw (0,_shared_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .abortError */ .vt)(signal);
    const controller = new AbortController();
    const stop = () => controller.abort(signal.reason);
    // Removed when the request ends, so a long-lived signal (the deploy's) gathers no listeners.
    signal?.addEventListener('abort', stop, { once: true });
    const cut = deadlineTimer(controller, request.label, deadline);
    const client = new _actions_http_client__WEBPACK_IMPORTED_MODULE_0__/* .HttpClient */ .Qq(userAgent, [attemptControl(controller.signal, timeouts.connectMs, request.proxy)], {
        socketTimeout: timeouts.idleMs,
        allowRedirects: false,
        allowRetries: false,
        keepAlive: false
    });
    try {
        const response = await client.request(request.method, request.url, request.body ?? null, request.headers);
        const body = await readCapped(response.message, maxBytes, timeouts.idleMs, request);
        return { status: response.message.statusCode ?? 0, headers: response.message.headers, body };
    }
    catch (error) {
        if (signal?.aborted)
            throw (0,_shared_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .abortError */ .vt)(signal);
        throw failureOf(controller.signal.aborted ? controller.signal.reason : error, request, timeouts);
    }
    finally {
        clearTimeout(cut);
        signal?.removeEventListener('abort', stop);
        // Frees the socket at once whatever happened, so nothing keeps the process alive.
        if (!controller.signal.aborted)
            controller.abort(new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr(`${request.label} finished`));
        client.dispose();
    }
}
/** The timer that cuts the request at the deadline; none without one. */
function deadlineTimer(controller, label, deadline) {
    if (deadline === undefined)
        return undefined;
    const leftMs = Math.min(MAX_TIMER_MS, Math.max(0, deadline - _shared_clock_js__WEBPACK_IMPORTED_MODULE_2__/* .clock */ .pm.now()));
    return setTimeout(() => controller.abort(new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr(`${label} did not finish within ${seconds(leftMs)}`)), leftMs);
}
/** What a request that failed is told as: our own error as it is, a socket's timeout or failure in words that name the request. */
function failureOf(cause, request, timeouts) {
    if (cause instanceof _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeployError */ .sH)
        return cause;
    if (cause instanceof Error && cause.message.startsWith('Request timeout'))
        // @actions/http-client's words for a socket timeout; its message carries the path and query.
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr(`${request.label} timed out: no connection within ${seconds(timeouts.connectMs)}, or nothing sent or received for ${seconds(timeouts.idleMs)}`);
    return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr(`${request.label} failed: ${describeNetworkError(cause)}`);
}
/** Gives every request of the client the abort signal, a connect timeout, and an IPv6 literal host it can connect to. */
function attemptControl(signal, connectMs, proxy) {
    return {
        prepareRequest(options) {
            if (proxy)
                throughProxy(options, proxy);
            options.signal = signal;
            // `timeout` on http.request covers the connection phase; http-client's socketTimeout takes over after it.
            options.timeout = connectMs;
            // http-client passes a URL's hostname, which keeps an IPv6 literal's brackets ([::1]); Node wants the address.
            if (typeof options.host === 'string' && /^\[.*\]$/.test(options.host))
                options.host = options.host.slice(1, -1);
        },
        canHandleAuthentication: () => false,
        handleAuthentication: () => Promise.reject(new Error('not supported'))
    };
}
/**
 * Sends the request to a plain-http forward proxy in absolute form (the
 * request line names the whole URL, `Host` the target), as RFC 9112 has a
 * proxy take it; only over http: the proxy reads what it signs.
 */
function throughProxy(options, proxy) {
    const via = new URL(proxy);
    const target = new URL(`http://${String(options.host)}:${String(options.port ?? 80)}`);
    options.headers = { ...options.headers, host: target.host };
    options.path = `${target.origin}${options.path ?? '/'}`;
    options.host = via.hostname.replace(/^\[(.*)\]$/, '$1');
    options.port = via.port || 80;
    options.agent = undefined;
}
/** Reads a response body up to `limit` bytes; a longer body, a stall or a reset is an error that names the request. */
function readCapped(message, limit, idleMs, request) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        let size = 0;
        let settled = false;
        let timer = setTimeout(onStall, idleMs);
        function onStall() {
            fail(new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr(`${request.label}: the answer's body stalled for ${Math.round(idleMs / 1000)} s`));
        }
        // The first failure is the one reported: destroying the message emits further events.
        function fail(error) {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            reject(error);
            message.destroy();
        }
        message.on('data', (chunk) => {
            size += chunk.length;
            if (size > limit) {
                fail(new OversizeAnswerError(`${request.label} answered with a body larger than ${limit / (1024 * 1024)} MiB, which it never sends. Check the address it was sent to.`));
                return;
            }
            chunks.push(chunk);
            clearTimeout(timer);
            timer = setTimeout(onStall, idleMs);
        });
        message.on('end', () => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            resolve(Buffer.concat(chunks).toString('utf8'));
        });
        message.on('aborted', () => fail(new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr(`${request.label}: the connection closed before the answer ended`)));
        message.on('error', error => fail(new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr(`${request.label}: the answer could not be read: ${describeNetworkError(error)}`)));
    });
}
/** A network failure in words, with anything shaped like a credential removed (a URL's query may carry a signature). */
function describeNetworkError(error) {
    const code = error?.code;
    const message = error instanceof Error ? error.message : String(error);
    const text = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_3__/* .redactShapes */ .YA)(message);
    return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}
function seconds(ms) {
    return `${Math.round(ms / 100) / 10} s`;
}
/** Method, origin and path of a URL: what may be shown of it. */
function labelOf(method, url) {
    const parsed = new URL(url);
    return `${method} ${parsed.origin}${parsed.pathname}`;
}


/***/ }),

/***/ 5641:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

var x = (y) => {
	var x = {}; __nccwpck_require__.d(x, y); return x
} 
var y = (x) => (() => (x))
module.exports = x({ ["ProxyAgent"]: () => (__WEBPACK_EXTERNAL_MODULE__undici_cjs_819c67ae__.ProxyAgent), ["fetch"]: () => (__WEBPACK_EXTERNAL_MODULE__undici_cjs_819c67ae__.fetch) });

/***/ }),

/***/ 2472:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("./undici.cjs");

/***/ }),

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 357:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  Yz: () => (/* binding */ core_debug),
  z3: () => (/* binding */ error),
  V4: () => (/* binding */ getInput),
  Os: () => (/* binding */ group),
  pq: () => (/* binding */ info),
  lm: () => (/* binding */ notice),
  C1: () => (/* binding */ setFailed),
  uH: () => (/* binding */ setOutput),
  Pq: () => (/* binding */ core_setSecret),
  $e: () => (/* binding */ warning)
});

// UNUSED EXPORTS: ExitCode, addPath, endGroup, exportVariable, getBooleanInput, getIDToken, getMultilineInput, getState, isDebug, markdownSummary, platform, saveState, setCommandEcho, startGroup, summary, toPlatformPath, toPosixPath, toWin32Path

// EXTERNAL MODULE: external "os"
var external_os_ = __nccwpck_require__(857);
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/utils.js
// We use any as a valid input type
/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * Sanitizes an input into a string so it can be passed into issueCommand safely
 * @param input input to sanitize into a string
 */
function utils_toCommandValue(input) {
    if (input === null || input === undefined) {
        return '';
    }
    else if (typeof input === 'string' || input instanceof String) {
        return input;
    }
    return JSON.stringify(input);
}
/**
 *
 * @param annotationProperties
 * @returns The command properties to send with the actual annotation command
 * See IssueCommandProperties: https://github.com/actions/runner/blob/main/src/Runner.Worker/ActionCommandManager.cs#L646
 */
function toCommandProperties(annotationProperties) {
    if (!Object.keys(annotationProperties).length) {
        return {};
    }
    return {
        title: annotationProperties.title,
        file: annotationProperties.file,
        line: annotationProperties.startLine,
        endLine: annotationProperties.endLine,
        col: annotationProperties.startColumn,
        endColumn: annotationProperties.endColumn
    };
}
//# sourceMappingURL=utils.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/command.js


/**
 * Issues a command to the GitHub Actions runner
 *
 * @param command - The command name to issue
 * @param properties - Additional properties for the command (key-value pairs)
 * @param message - The message to include with the command
 * @remarks
 * This function outputs a specially formatted string to stdout that the Actions
 * runner interprets as a command. These commands can control workflow behavior,
 * set outputs, create annotations, mask values, and more.
 *
 * Command Format:
 *   ::name key=value,key=value::message
 *
 * @example
 * ```typescript
 * // Issue a warning annotation
 * issueCommand('warning', {}, 'This is a warning message');
 * // Output: ::warning::This is a warning message
 *
 * // Set an environment variable
 * issueCommand('set-env', { name: 'MY_VAR' }, 'some value');
 * // Output: ::set-env name=MY_VAR::some value
 *
 * // Add a secret mask
 * issueCommand('add-mask', {}, 'secretValue123');
 * // Output: ::add-mask::secretValue123
 * ```
 *
 * @internal
 * This is an internal utility function that powers the public API functions
 * such as setSecret, warning, error, and exportVariable.
 */
function command_issueCommand(command, properties, message) {
    const cmd = new Command(command, properties, message);
    process.stdout.write(cmd.toString() + external_os_.EOL);
}
function command_issue(name, message = '') {
    command_issueCommand(name, {}, message);
}
const CMD_STRING = '::';
class Command {
    constructor(command, properties, message) {
        if (!command) {
            command = 'missing.command';
        }
        this.command = command;
        this.properties = properties;
        this.message = message;
    }
    toString() {
        let cmdStr = CMD_STRING + this.command;
        if (this.properties && Object.keys(this.properties).length > 0) {
            cmdStr += ' ';
            let first = true;
            for (const key in this.properties) {
                if (this.properties.hasOwnProperty(key)) {
                    const val = this.properties[key];
                    if (val) {
                        if (first) {
                            first = false;
                        }
                        else {
                            cmdStr += ',';
                        }
                        cmdStr += `${key}=${escapeProperty(val)}`;
                    }
                }
            }
        }
        cmdStr += `${CMD_STRING}${escapeData(this.message)}`;
        return cmdStr;
    }
}
function escapeData(s) {
    return utils_toCommandValue(s)
        .replace(/%/g, '%25')
        .replace(/\r/g, '%0D')
        .replace(/\n/g, '%0A');
}
function escapeProperty(s) {
    return utils_toCommandValue(s)
        .replace(/%/g, '%25')
        .replace(/\r/g, '%0D')
        .replace(/\n/g, '%0A')
        .replace(/:/g, '%3A')
        .replace(/,/g, '%2C');
}
//# sourceMappingURL=command.js.map
;// CONCATENATED MODULE: external "crypto"
const external_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");
// EXTERNAL MODULE: external "fs"
var external_fs_ = __nccwpck_require__(9896);
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/file-command.js
// For internal use, subject to change.
// We use any as a valid input type
/* eslint-disable @typescript-eslint/no-explicit-any */




function file_command_issueFileCommand(command, message) {
    const filePath = process.env[`GITHUB_${command}`];
    if (!filePath) {
        throw new Error(`Unable to find environment variable for file command ${command}`);
    }
    if (!external_fs_.existsSync(filePath)) {
        throw new Error(`Missing file at path: ${filePath}`);
    }
    external_fs_.appendFileSync(filePath, `${utils_toCommandValue(message)}${external_os_.EOL}`, {
        encoding: 'utf8'
    });
}
function file_command_prepareKeyValueMessage(key, value) {
    const delimiter = `ghadelimiter_${external_crypto_namespaceObject.randomUUID()}`;
    const convertedValue = utils_toCommandValue(value);
    // These should realistically never happen, but just in case someone finds a
    // way to exploit uuid generation let's not allow keys or values that contain
    // the delimiter.
    if (key.includes(delimiter)) {
        throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
    }
    if (convertedValue.includes(delimiter)) {
        throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
    }
    return `${key}<<${delimiter}${external_os_.EOL}${convertedValue}${external_os_.EOL}${delimiter}`;
}
//# sourceMappingURL=file-command.js.map
// EXTERNAL MODULE: external "path"
var external_path_ = __nccwpck_require__(6928);
// EXTERNAL MODULE: ./node_modules/@actions/http-client/lib/index.js + 1 modules
var lib = __nccwpck_require__(4942);
;// CONCATENATED MODULE: ./node_modules/@actions/http-client/lib/auth.js
var __awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
class BasicCredentialHandler {
    constructor(username, password) {
        this.username = username;
        this.password = password;
    }
    prepareRequest(options) {
        if (!options.headers) {
            throw Error('The request has no headers');
        }
        options.headers['Authorization'] = `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`;
    }
    // This handler cannot handle 401
    canHandleAuthentication() {
        return false;
    }
    handleAuthentication() {
        return __awaiter(this, void 0, void 0, function* () {
            throw new Error('not implemented');
        });
    }
}
class auth_BearerCredentialHandler {
    constructor(token) {
        this.token = token;
    }
    // currently implements pre-authorization
    // TODO: support preAuth = false where it hooks on 401
    prepareRequest(options) {
        if (!options.headers) {
            throw Error('The request has no headers');
        }
        options.headers['Authorization'] = `Bearer ${this.token}`;
    }
    // This handler cannot handle 401
    canHandleAuthentication() {
        return false;
    }
    handleAuthentication() {
        return __awaiter(this, void 0, void 0, function* () {
            throw new Error('not implemented');
        });
    }
}
class PersonalAccessTokenCredentialHandler {
    constructor(token) {
        this.token = token;
    }
    // currently implements pre-authorization
    // TODO: support preAuth = false where it hooks on 401
    prepareRequest(options) {
        if (!options.headers) {
            throw Error('The request has no headers');
        }
        options.headers['Authorization'] = `Basic ${Buffer.from(`PAT:${this.token}`).toString('base64')}`;
    }
    // This handler cannot handle 401
    canHandleAuthentication() {
        return false;
    }
    handleAuthentication() {
        return __awaiter(this, void 0, void 0, function* () {
            throw new Error('not implemented');
        });
    }
}
//# sourceMappingURL=auth.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/oidc-utils.js
var oidc_utils_awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};



class oidc_utils_OidcClient {
    static createHttpClient(allowRetry = true, maxRetry = 10) {
        const requestOptions = {
            allowRetries: allowRetry,
            maxRetries: maxRetry
        };
        return new HttpClient('actions/oidc-client', [new BearerCredentialHandler(oidc_utils_OidcClient.getRequestToken())], requestOptions);
    }
    static getRequestToken() {
        const token = process.env['ACTIONS_ID_TOKEN_REQUEST_TOKEN'];
        if (!token) {
            throw new Error('Unable to get ACTIONS_ID_TOKEN_REQUEST_TOKEN env variable');
        }
        return token;
    }
    static getIDTokenUrl() {
        const runtimeUrl = process.env['ACTIONS_ID_TOKEN_REQUEST_URL'];
        if (!runtimeUrl) {
            throw new Error('Unable to get ACTIONS_ID_TOKEN_REQUEST_URL env variable');
        }
        return runtimeUrl;
    }
    static getCall(id_token_url) {
        return oidc_utils_awaiter(this, void 0, void 0, function* () {
            var _a;
            const httpclient = oidc_utils_OidcClient.createHttpClient();
            const res = yield httpclient
                .getJson(id_token_url)
                .catch(error => {
                throw new Error(`Failed to get ID Token. \n 
        Error Code : ${error.statusCode}\n 
        Error Message: ${error.message}`);
            });
            const id_token = (_a = res.result) === null || _a === void 0 ? void 0 : _a.value;
            if (!id_token) {
                throw new Error('Response json body do not have ID Token field');
            }
            return id_token;
        });
    }
    static getIDToken(audience) {
        return oidc_utils_awaiter(this, void 0, void 0, function* () {
            try {
                // New ID Token is requested from action service
                let id_token_url = oidc_utils_OidcClient.getIDTokenUrl();
                if (audience) {
                    const encodedAudience = encodeURIComponent(audience);
                    id_token_url = `${id_token_url}&audience=${encodedAudience}`;
                }
                debug(`ID token url is ${id_token_url}`);
                const id_token = yield oidc_utils_OidcClient.getCall(id_token_url);
                setSecret(id_token);
                return id_token;
            }
            catch (error) {
                throw new Error(`Error message: ${error.message}`);
            }
        });
    }
}
//# sourceMappingURL=oidc-utils.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/summary.js
var summary_awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};


const { access, appendFile, writeFile } = external_fs_.promises;
const SUMMARY_ENV_VAR = 'GITHUB_STEP_SUMMARY';
const SUMMARY_DOCS_URL = 'https://docs.github.com/actions/using-workflows/workflow-commands-for-github-actions#adding-a-job-summary';
class Summary {
    constructor() {
        this._buffer = '';
    }
    /**
     * Finds the summary file path from the environment, rejects if env var is not found or file does not exist
     * Also checks r/w permissions.
     *
     * @returns step summary file path
     */
    filePath() {
        return summary_awaiter(this, void 0, void 0, function* () {
            if (this._filePath) {
                return this._filePath;
            }
            const pathFromEnv = process.env[SUMMARY_ENV_VAR];
            if (!pathFromEnv) {
                throw new Error(`Unable to find environment variable for $${SUMMARY_ENV_VAR}. Check if your runtime environment supports job summaries.`);
            }
            try {
                yield access(pathFromEnv, external_fs_.constants.R_OK | external_fs_.constants.W_OK);
            }
            catch (_a) {
                throw new Error(`Unable to access summary file: '${pathFromEnv}'. Check if the file has correct read/write permissions.`);
            }
            this._filePath = pathFromEnv;
            return this._filePath;
        });
    }
    /**
     * Wraps content in an HTML tag, adding any HTML attributes
     *
     * @param {string} tag HTML tag to wrap
     * @param {string | null} content content within the tag
     * @param {[attribute: string]: string} attrs key-value list of HTML attributes to add
     *
     * @returns {string} content wrapped in HTML element
     */
    wrap(tag, content, attrs = {}) {
        const htmlAttrs = Object.entries(attrs)
            .map(([key, value]) => ` ${key}="${value}"`)
            .join('');
        if (!content) {
            return `<${tag}${htmlAttrs}>`;
        }
        return `<${tag}${htmlAttrs}>${content}</${tag}>`;
    }
    /**
     * Writes text in the buffer to the summary buffer file and empties buffer. Will append by default.
     *
     * @param {SummaryWriteOptions} [options] (optional) options for write operation
     *
     * @returns {Promise<Summary>} summary instance
     */
    write(options) {
        return summary_awaiter(this, void 0, void 0, function* () {
            const overwrite = !!(options === null || options === void 0 ? void 0 : options.overwrite);
            const filePath = yield this.filePath();
            const writeFunc = overwrite ? writeFile : appendFile;
            yield writeFunc(filePath, this._buffer, { encoding: 'utf8' });
            return this.emptyBuffer();
        });
    }
    /**
     * Clears the summary buffer and wipes the summary file
     *
     * @returns {Summary} summary instance
     */
    clear() {
        return summary_awaiter(this, void 0, void 0, function* () {
            return this.emptyBuffer().write({ overwrite: true });
        });
    }
    /**
     * Returns the current summary buffer as a string
     *
     * @returns {string} string of summary buffer
     */
    stringify() {
        return this._buffer;
    }
    /**
     * If the summary buffer is empty
     *
     * @returns {boolen} true if the buffer is empty
     */
    isEmptyBuffer() {
        return this._buffer.length === 0;
    }
    /**
     * Resets the summary buffer without writing to summary file
     *
     * @returns {Summary} summary instance
     */
    emptyBuffer() {
        this._buffer = '';
        return this;
    }
    /**
     * Adds raw text to the summary buffer
     *
     * @param {string} text content to add
     * @param {boolean} [addEOL=false] (optional) append an EOL to the raw text (default: false)
     *
     * @returns {Summary} summary instance
     */
    addRaw(text, addEOL = false) {
        this._buffer += text;
        return addEOL ? this.addEOL() : this;
    }
    /**
     * Adds the operating system-specific end-of-line marker to the buffer
     *
     * @returns {Summary} summary instance
     */
    addEOL() {
        return this.addRaw(external_os_.EOL);
    }
    /**
     * Adds an HTML codeblock to the summary buffer
     *
     * @param {string} code content to render within fenced code block
     * @param {string} lang (optional) language to syntax highlight code
     *
     * @returns {Summary} summary instance
     */
    addCodeBlock(code, lang) {
        const attrs = Object.assign({}, (lang && { lang }));
        const element = this.wrap('pre', this.wrap('code', code), attrs);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML list to the summary buffer
     *
     * @param {string[]} items list of items to render
     * @param {boolean} [ordered=false] (optional) if the rendered list should be ordered or not (default: false)
     *
     * @returns {Summary} summary instance
     */
    addList(items, ordered = false) {
        const tag = ordered ? 'ol' : 'ul';
        const listItems = items.map(item => this.wrap('li', item)).join('');
        const element = this.wrap(tag, listItems);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML table to the summary buffer
     *
     * @param {SummaryTableCell[]} rows table rows
     *
     * @returns {Summary} summary instance
     */
    addTable(rows) {
        const tableBody = rows
            .map(row => {
            const cells = row
                .map(cell => {
                if (typeof cell === 'string') {
                    return this.wrap('td', cell);
                }
                const { header, data, colspan, rowspan } = cell;
                const tag = header ? 'th' : 'td';
                const attrs = Object.assign(Object.assign({}, (colspan && { colspan })), (rowspan && { rowspan }));
                return this.wrap(tag, data, attrs);
            })
                .join('');
            return this.wrap('tr', cells);
        })
            .join('');
        const element = this.wrap('table', tableBody);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds a collapsable HTML details element to the summary buffer
     *
     * @param {string} label text for the closed state
     * @param {string} content collapsable content
     *
     * @returns {Summary} summary instance
     */
    addDetails(label, content) {
        const element = this.wrap('details', this.wrap('summary', label) + content);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML image tag to the summary buffer
     *
     * @param {string} src path to the image you to embed
     * @param {string} alt text description of the image
     * @param {SummaryImageOptions} options (optional) addition image attributes
     *
     * @returns {Summary} summary instance
     */
    addImage(src, alt, options) {
        const { width, height } = options || {};
        const attrs = Object.assign(Object.assign({}, (width && { width })), (height && { height }));
        const element = this.wrap('img', null, Object.assign({ src, alt }, attrs));
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML section heading element
     *
     * @param {string} text heading text
     * @param {number | string} [level=1] (optional) the heading level, default: 1
     *
     * @returns {Summary} summary instance
     */
    addHeading(text, level) {
        const tag = `h${level}`;
        const allowedTag = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].includes(tag)
            ? tag
            : 'h1';
        const element = this.wrap(allowedTag, text);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML thematic break (<hr>) to the summary buffer
     *
     * @returns {Summary} summary instance
     */
    addSeparator() {
        const element = this.wrap('hr', null);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML line break (<br>) to the summary buffer
     *
     * @returns {Summary} summary instance
     */
    addBreak() {
        const element = this.wrap('br', null);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML blockquote to the summary buffer
     *
     * @param {string} text quote text
     * @param {string} cite (optional) citation url
     *
     * @returns {Summary} summary instance
     */
    addQuote(text, cite) {
        const attrs = Object.assign({}, (cite && { cite }));
        const element = this.wrap('blockquote', text, attrs);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML anchor tag to the summary buffer
     *
     * @param {string} text link text/content
     * @param {string} href hyperlink
     *
     * @returns {Summary} summary instance
     */
    addLink(text, href) {
        const element = this.wrap('a', text, { href });
        return this.addRaw(element).addEOL();
    }
}
const _summary = new Summary();
/**
 * @deprecated use `core.summary`
 */
const markdownSummary = (/* unused pure expression or super */ null && (_summary));
const summary = (/* unused pure expression or super */ null && (_summary));
//# sourceMappingURL=summary.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/path-utils.js

/**
 * toPosixPath converts the given path to the posix form. On Windows, \\ will be
 * replaced with /.
 *
 * @param pth. Path to transform.
 * @return string Posix path.
 */
function toPosixPath(pth) {
    return pth.replace(/[\\]/g, '/');
}
/**
 * toWin32Path converts the given path to the win32 form. On Linux, / will be
 * replaced with \\.
 *
 * @param pth. Path to transform.
 * @return string Win32 path.
 */
function toWin32Path(pth) {
    return pth.replace(/[/]/g, '\\');
}
/**
 * toPlatformPath converts the given path to a platform-specific path. It does
 * this by replacing instances of / and \ with the platform-specific path
 * separator.
 *
 * @param pth The path to platformize.
 * @return string The platform-specific path.
 */
function toPlatformPath(pth) {
    return pth.replace(/[/\\]/g, path.sep);
}
//# sourceMappingURL=path-utils.js.map
;// CONCATENATED MODULE: external "string_decoder"
const external_string_decoder_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");
// EXTERNAL MODULE: external "events"
var external_events_ = __nccwpck_require__(4434);
;// CONCATENATED MODULE: external "child_process"
const external_child_process_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");
// EXTERNAL MODULE: external "assert"
var external_assert_ = __nccwpck_require__(2613);
;// CONCATENATED MODULE: ./node_modules/@actions/io/lib/io-util.js
var io_util_awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};


const { chmod, copyFile, lstat, mkdir, open: io_util_open, readdir, rename, rm, rmdir, stat, symlink, unlink } = external_fs_.promises;
// export const {open} = 'fs'
const IS_WINDOWS = process.platform === 'win32';
/**
 * Custom implementation of readlink to ensure Windows junctions
 * maintain trailing backslash for backward compatibility with Node.js < 24
 *
 * In Node.js 20, Windows junctions (directory symlinks) always returned paths
 * with trailing backslashes. Node.js 24 removed this behavior, which breaks
 * code that relied on this format for path operations.
 *
 * This implementation restores the Node 20 behavior by adding a trailing
 * backslash to all junction results on Windows.
 */
function readlink(fsPath) {
    return io_util_awaiter(this, void 0, void 0, function* () {
        const result = yield fs.promises.readlink(fsPath);
        // On Windows, restore Node 20 behavior: add trailing backslash to all results
        // since junctions on Windows are always directory links
        if (IS_WINDOWS && !result.endsWith('\\')) {
            return `${result}\\`;
        }
        return result;
    });
}
// See https://github.com/nodejs/node/blob/d0153aee367422d0858105abec186da4dff0a0c5/deps/uv/include/uv/win.h#L691
const UV_FS_O_EXLOCK = 0x10000000;
const READONLY = external_fs_.constants.O_RDONLY;
function exists(fsPath) {
    return io_util_awaiter(this, void 0, void 0, function* () {
        try {
            yield stat(fsPath);
        }
        catch (err) {
            if (err.code === 'ENOENT') {
                return false;
            }
            throw err;
        }
        return true;
    });
}
function isDirectory(fsPath_1) {
    return io_util_awaiter(this, arguments, void 0, function* (fsPath, useStat = false) {
        const stats = useStat ? yield stat(fsPath) : yield lstat(fsPath);
        return stats.isDirectory();
    });
}
/**
 * On OSX/Linux, true if path starts with '/'. On Windows, true for paths like:
 * \, \hello, \\hello\share, C:, and C:\hello (and corresponding alternate separator cases).
 */
function isRooted(p) {
    p = normalizeSeparators(p);
    if (!p) {
        throw new Error('isRooted() parameter "p" cannot be empty');
    }
    if (IS_WINDOWS) {
        return (p.startsWith('\\') || /^[A-Z]:/i.test(p) // e.g. \ or \hello or \\hello
        ); // e.g. C: or C:\hello
    }
    return p.startsWith('/');
}
/**
 * Best effort attempt to determine whether a file exists and is executable.
 * @param filePath    file path to check
 * @param extensions  additional file extensions to try
 * @return if file exists and is executable, returns the file path. otherwise empty string.
 */
function tryGetExecutablePath(filePath, extensions) {
    return io_util_awaiter(this, void 0, void 0, function* () {
        let stats = undefined;
        try {
            // test file exists
            stats = yield stat(filePath);
        }
        catch (err) {
            if (err.code !== 'ENOENT') {
                // eslint-disable-next-line no-console
                console.log(`Unexpected error attempting to determine if executable file exists '${filePath}': ${err}`);
            }
        }
        if (stats && stats.isFile()) {
            if (IS_WINDOWS) {
                // on Windows, test for valid extension
                const upperExt = external_path_.extname(filePath).toUpperCase();
                if (extensions.some(validExt => validExt.toUpperCase() === upperExt)) {
                    return filePath;
                }
            }
            else {
                if (isUnixExecutable(stats)) {
                    return filePath;
                }
            }
        }
        // try each extension
        const originalFilePath = filePath;
        for (const extension of extensions) {
            filePath = originalFilePath + extension;
            stats = undefined;
            try {
                stats = yield stat(filePath);
            }
            catch (err) {
                if (err.code !== 'ENOENT') {
                    // eslint-disable-next-line no-console
                    console.log(`Unexpected error attempting to determine if executable file exists '${filePath}': ${err}`);
                }
            }
            if (stats && stats.isFile()) {
                if (IS_WINDOWS) {
                    // preserve the case of the actual file (since an extension was appended)
                    try {
                        const directory = external_path_.dirname(filePath);
                        const upperName = external_path_.basename(filePath).toUpperCase();
                        for (const actualName of yield readdir(directory)) {
                            if (upperName === actualName.toUpperCase()) {
                                filePath = external_path_.join(directory, actualName);
                                break;
                            }
                        }
                    }
                    catch (err) {
                        // eslint-disable-next-line no-console
                        console.log(`Unexpected error attempting to determine the actual case of the file '${filePath}': ${err}`);
                    }
                    return filePath;
                }
                else {
                    if (isUnixExecutable(stats)) {
                        return filePath;
                    }
                }
            }
        }
        return '';
    });
}
function normalizeSeparators(p) {
    p = p || '';
    if (IS_WINDOWS) {
        // convert slashes on Windows
        p = p.replace(/\//g, '\\');
        // remove redundant slashes
        return p.replace(/\\\\+/g, '\\');
    }
    // remove redundant slashes
    return p.replace(/\/\/+/g, '/');
}
// on Mac/Linux, test the execute bit
//     R   W  X  R  W X R W X
//   256 128 64 32 16 8 4 2 1
function isUnixExecutable(stats) {
    return ((stats.mode & 1) > 0 ||
        ((stats.mode & 8) > 0 &&
            process.getgid !== undefined &&
            stats.gid === process.getgid()) ||
        ((stats.mode & 64) > 0 &&
            process.getuid !== undefined &&
            stats.uid === process.getuid()));
}
// Get the path of cmd.exe in windows
function getCmdPath() {
    var _a;
    return (_a = process.env['COMSPEC']) !== null && _a !== void 0 ? _a : `cmd.exe`;
}
//# sourceMappingURL=io-util.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/io/lib/io.js
var io_awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};



/**
 * Copies a file or folder.
 * Based off of shelljs - https://github.com/shelljs/shelljs/blob/9237f66c52e5daa40458f94f9565e18e8132f5a6/src/cp.js
 *
 * @param     source    source path
 * @param     dest      destination path
 * @param     options   optional. See CopyOptions.
 */
function cp(source_1, dest_1) {
    return io_awaiter(this, arguments, void 0, function* (source, dest, options = {}) {
        const { force, recursive, copySourceDirectory } = readCopyOptions(options);
        const destStat = (yield ioUtil.exists(dest)) ? yield ioUtil.stat(dest) : null;
        // Dest is an existing file, but not forcing
        if (destStat && destStat.isFile() && !force) {
            return;
        }
        // If dest is an existing directory, should copy inside.
        const newDest = destStat && destStat.isDirectory() && copySourceDirectory
            ? path.join(dest, path.basename(source))
            : dest;
        if (!(yield ioUtil.exists(source))) {
            throw new Error(`no such file or directory: ${source}`);
        }
        const sourceStat = yield ioUtil.stat(source);
        if (sourceStat.isDirectory()) {
            if (!recursive) {
                throw new Error(`Failed to copy. ${source} is a directory, but tried to copy without recursive flag.`);
            }
            else {
                yield cpDirRecursive(source, newDest, 0, force);
            }
        }
        else {
            if (path.relative(source, newDest) === '') {
                // a file cannot be copied to itself
                throw new Error(`'${newDest}' and '${source}' are the same file`);
            }
            yield io_copyFile(source, newDest, force);
        }
    });
}
/**
 * Moves a path.
 *
 * @param     source    source path
 * @param     dest      destination path
 * @param     options   optional. See MoveOptions.
 */
function mv(source_1, dest_1) {
    return io_awaiter(this, arguments, void 0, function* (source, dest, options = {}) {
        if (yield ioUtil.exists(dest)) {
            let destExists = true;
            if (yield ioUtil.isDirectory(dest)) {
                // If dest is directory copy src into dest
                dest = path.join(dest, path.basename(source));
                destExists = yield ioUtil.exists(dest);
            }
            if (destExists) {
                if (options.force == null || options.force) {
                    yield rmRF(dest);
                }
                else {
                    throw new Error('Destination already exists');
                }
            }
        }
        yield mkdirP(path.dirname(dest));
        yield ioUtil.rename(source, dest);
    });
}
/**
 * Remove a path recursively with force
 *
 * @param inputPath path to remove
 */
function rmRF(inputPath) {
    return io_awaiter(this, void 0, void 0, function* () {
        if (ioUtil.IS_WINDOWS) {
            // Check for invalid characters
            // https://docs.microsoft.com/en-us/windows/win32/fileio/naming-a-file
            if (/[*"<>|]/.test(inputPath)) {
                throw new Error('File path must not contain `*`, `"`, `<`, `>` or `|` on Windows');
            }
        }
        try {
            // note if path does not exist, error is silent
            yield ioUtil.rm(inputPath, {
                force: true,
                maxRetries: 3,
                recursive: true,
                retryDelay: 300
            });
        }
        catch (err) {
            throw new Error(`File was unable to be removed ${err}`);
        }
    });
}
/**
 * Make a directory.  Creates the full path with folders in between
 * Will throw if it fails
 *
 * @param   fsPath        path to create
 * @returns Promise<void>
 */
function mkdirP(fsPath) {
    return io_awaiter(this, void 0, void 0, function* () {
        ok(fsPath, 'a path argument must be provided');
        yield ioUtil.mkdir(fsPath, { recursive: true });
    });
}
/**
 * Returns path of a tool had the tool actually been invoked.  Resolves via paths.
 * If you check and the tool does not exist, it will throw.
 *
 * @param     tool              name of the tool
 * @param     check             whether to check if tool exists
 * @returns   Promise<string>   path to tool
 */
function which(tool, check) {
    return io_awaiter(this, void 0, void 0, function* () {
        if (!tool) {
            throw new Error("parameter 'tool' is required");
        }
        // recursive when check=true
        if (check) {
            const result = yield which(tool, false);
            if (!result) {
                if (IS_WINDOWS) {
                    throw new Error(`Unable to locate executable file: ${tool}. Please verify either the file path exists or the file can be found within a directory specified by the PATH environment variable. Also verify the file has a valid extension for an executable file.`);
                }
                else {
                    throw new Error(`Unable to locate executable file: ${tool}. Please verify either the file path exists or the file can be found within a directory specified by the PATH environment variable. Also check the file mode to verify the file is executable.`);
                }
            }
            return result;
        }
        const matches = yield findInPath(tool);
        if (matches && matches.length > 0) {
            return matches[0];
        }
        return '';
    });
}
/**
 * Returns a list of all occurrences of the given tool on the system path.
 *
 * @returns   Promise<string[]>  the paths of the tool
 */
function findInPath(tool) {
    return io_awaiter(this, void 0, void 0, function* () {
        if (!tool) {
            throw new Error("parameter 'tool' is required");
        }
        // build the list of extensions to try
        const extensions = [];
        if (IS_WINDOWS && process.env['PATHEXT']) {
            for (const extension of process.env['PATHEXT'].split(external_path_.delimiter)) {
                if (extension) {
                    extensions.push(extension);
                }
            }
        }
        // if it's rooted, return it if exists. otherwise return empty.
        if (isRooted(tool)) {
            const filePath = yield tryGetExecutablePath(tool, extensions);
            if (filePath) {
                return [filePath];
            }
            return [];
        }
        // if any path separators, return empty
        if (tool.includes(external_path_.sep)) {
            return [];
        }
        // build the list of directories
        //
        // Note, technically "where" checks the current directory on Windows. From a toolkit perspective,
        // it feels like we should not do this. Checking the current directory seems like more of a use
        // case of a shell, and the which() function exposed by the toolkit should strive for consistency
        // across platforms.
        const directories = [];
        if (process.env.PATH) {
            for (const p of process.env.PATH.split(external_path_.delimiter)) {
                if (p) {
                    directories.push(p);
                }
            }
        }
        // find all matches
        const matches = [];
        for (const directory of directories) {
            const filePath = yield tryGetExecutablePath(external_path_.join(directory, tool), extensions);
            if (filePath) {
                matches.push(filePath);
            }
        }
        return matches;
    });
}
function readCopyOptions(options) {
    const force = options.force == null ? true : options.force;
    const recursive = Boolean(options.recursive);
    const copySourceDirectory = options.copySourceDirectory == null
        ? true
        : Boolean(options.copySourceDirectory);
    return { force, recursive, copySourceDirectory };
}
function cpDirRecursive(sourceDir, destDir, currentDepth, force) {
    return io_awaiter(this, void 0, void 0, function* () {
        // Ensure there is not a run away recursive copy
        if (currentDepth >= 255)
            return;
        currentDepth++;
        yield mkdirP(destDir);
        const files = yield ioUtil.readdir(sourceDir);
        for (const fileName of files) {
            const srcFile = `${sourceDir}/${fileName}`;
            const destFile = `${destDir}/${fileName}`;
            const srcFileStat = yield ioUtil.lstat(srcFile);
            if (srcFileStat.isDirectory()) {
                // Recurse
                yield cpDirRecursive(srcFile, destFile, currentDepth, force);
            }
            else {
                yield io_copyFile(srcFile, destFile, force);
            }
        }
        // Change the mode for the newly created directory
        yield ioUtil.chmod(destDir, (yield ioUtil.stat(sourceDir)).mode);
    });
}
// Buffered file copy
function io_copyFile(srcFile, destFile, force) {
    return io_awaiter(this, void 0, void 0, function* () {
        if ((yield ioUtil.lstat(srcFile)).isSymbolicLink()) {
            // unlink/re-link it
            try {
                yield ioUtil.lstat(destFile);
                yield ioUtil.unlink(destFile);
            }
            catch (e) {
                // Try to override file permission
                if (e.code === 'EPERM') {
                    yield ioUtil.chmod(destFile, '0666');
                    yield ioUtil.unlink(destFile);
                }
                // other errors = it doesn't exist, no work to do
            }
            // Copy over symlink
            const symlinkFull = yield ioUtil.readlink(srcFile);
            yield ioUtil.symlink(symlinkFull, destFile, ioUtil.IS_WINDOWS ? 'junction' : null);
        }
        else if (!(yield ioUtil.exists(destFile)) || force) {
            yield ioUtil.copyFile(srcFile, destFile);
        }
    });
}
//# sourceMappingURL=io.js.map
;// CONCATENATED MODULE: external "timers"
const external_timers_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");
;// CONCATENATED MODULE: ./node_modules/@actions/exec/lib/toolrunner.js
var toolrunner_awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};







/* eslint-disable @typescript-eslint/unbound-method */
const toolrunner_IS_WINDOWS = process.platform === 'win32';
/*
 * Class for running command line tools. Handles quoting and arg parsing in a platform agnostic way.
 */
class ToolRunner extends external_events_.EventEmitter {
    constructor(toolPath, args, options) {
        super();
        if (!toolPath) {
            throw new Error("Parameter 'toolPath' cannot be null or empty.");
        }
        this.toolPath = toolPath;
        this.args = args || [];
        this.options = options || {};
    }
    _debug(message) {
        if (this.options.listeners && this.options.listeners.debug) {
            this.options.listeners.debug(message);
        }
    }
    _getCommandString(options, noPrefix) {
        const toolPath = this._getSpawnFileName();
        const args = this._getSpawnArgs(options);
        let cmd = noPrefix ? '' : '[command]'; // omit prefix when piped to a second tool
        if (toolrunner_IS_WINDOWS) {
            // Windows + cmd file
            if (this._isCmdFile()) {
                cmd += toolPath;
                for (const a of args) {
                    cmd += ` ${a}`;
                }
            }
            // Windows + verbatim
            else if (options.windowsVerbatimArguments) {
                cmd += `"${toolPath}"`;
                for (const a of args) {
                    cmd += ` ${a}`;
                }
            }
            // Windows (regular)
            else {
                cmd += this._windowsQuoteCmdArg(toolPath);
                for (const a of args) {
                    cmd += ` ${this._windowsQuoteCmdArg(a)}`;
                }
            }
        }
        else {
            // OSX/Linux - this can likely be improved with some form of quoting.
            // creating processes on Unix is fundamentally different than Windows.
            // on Unix, execvp() takes an arg array.
            cmd += toolPath;
            for (const a of args) {
                cmd += ` ${a}`;
            }
        }
        return cmd;
    }
    _processLineBuffer(data, strBuffer, onLine) {
        try {
            let s = strBuffer + data.toString();
            let n = s.indexOf(external_os_.EOL);
            while (n > -1) {
                const line = s.substring(0, n);
                onLine(line);
                // the rest of the string ...
                s = s.substring(n + external_os_.EOL.length);
                n = s.indexOf(external_os_.EOL);
            }
            return s;
        }
        catch (err) {
            // streaming lines to console is best effort.  Don't fail a build.
            this._debug(`error processing line. Failed with error ${err}`);
            return '';
        }
    }
    _getSpawnFileName() {
        if (toolrunner_IS_WINDOWS) {
            if (this._isCmdFile()) {
                return process.env['COMSPEC'] || 'cmd.exe';
            }
        }
        return this.toolPath;
    }
    _getSpawnArgs(options) {
        if (toolrunner_IS_WINDOWS) {
            if (this._isCmdFile()) {
                let argline = `/D /S /C "${this._windowsQuoteCmdArg(this.toolPath)}`;
                for (const a of this.args) {
                    argline += ' ';
                    argline += options.windowsVerbatimArguments
                        ? a
                        : this._windowsQuoteCmdArg(a);
                }
                argline += '"';
                return [argline];
            }
        }
        return this.args;
    }
    _endsWith(str, end) {
        return str.endsWith(end);
    }
    _isCmdFile() {
        const upperToolPath = this.toolPath.toUpperCase();
        return (this._endsWith(upperToolPath, '.CMD') ||
            this._endsWith(upperToolPath, '.BAT'));
    }
    _windowsQuoteCmdArg(arg) {
        // for .exe, apply the normal quoting rules that libuv applies
        if (!this._isCmdFile()) {
            return this._uvQuoteCmdArg(arg);
        }
        // otherwise apply quoting rules specific to the cmd.exe command line parser.
        // the libuv rules are generic and are not designed specifically for cmd.exe
        // command line parser.
        //
        // for a detailed description of the cmd.exe command line parser, refer to
        // http://stackoverflow.com/questions/4094699/how-does-the-windows-command-interpreter-cmd-exe-parse-scripts/7970912#7970912
        // need quotes for empty arg
        if (!arg) {
            return '""';
        }
        // determine whether the arg needs to be quoted
        const cmdSpecialChars = [
            ' ',
            '\t',
            '&',
            '(',
            ')',
            '[',
            ']',
            '{',
            '}',
            '^',
            '=',
            ';',
            '!',
            "'",
            '+',
            ',',
            '`',
            '~',
            '|',
            '<',
            '>',
            '"'
        ];
        let needsQuotes = false;
        for (const char of arg) {
            if (cmdSpecialChars.some(x => x === char)) {
                needsQuotes = true;
                break;
            }
        }
        // short-circuit if quotes not needed
        if (!needsQuotes) {
            return arg;
        }
        // the following quoting rules are very similar to the rules that by libuv applies.
        //
        // 1) wrap the string in quotes
        //
        // 2) double-up quotes - i.e. " => ""
        //
        //    this is different from the libuv quoting rules. libuv replaces " with \", which unfortunately
        //    doesn't work well with a cmd.exe command line.
        //
        //    note, replacing " with "" also works well if the arg is passed to a downstream .NET console app.
        //    for example, the command line:
        //          foo.exe "myarg:""my val"""
        //    is parsed by a .NET console app into an arg array:
        //          [ "myarg:\"my val\"" ]
        //    which is the same end result when applying libuv quoting rules. although the actual
        //    command line from libuv quoting rules would look like:
        //          foo.exe "myarg:\"my val\""
        //
        // 3) double-up slashes that precede a quote,
        //    e.g.  hello \world    => "hello \world"
        //          hello\"world    => "hello\\""world"
        //          hello\\"world   => "hello\\\\""world"
        //          hello world\    => "hello world\\"
        //
        //    technically this is not required for a cmd.exe command line, or the batch argument parser.
        //    the reasons for including this as a .cmd quoting rule are:
        //
        //    a) this is optimized for the scenario where the argument is passed from the .cmd file to an
        //       external program. many programs (e.g. .NET console apps) rely on the slash-doubling rule.
        //
        //    b) it's what we've been doing previously (by deferring to node default behavior) and we
        //       haven't heard any complaints about that aspect.
        //
        // note, a weakness of the quoting rules chosen here, is that % is not escaped. in fact, % cannot be
        // escaped when used on the command line directly - even though within a .cmd file % can be escaped
        // by using %%.
        //
        // the saving grace is, on the command line, %var% is left as-is if var is not defined. this contrasts
        // the line parsing rules within a .cmd file, where if var is not defined it is replaced with nothing.
        //
        // one option that was explored was replacing % with ^% - i.e. %var% => ^%var^%. this hack would
        // often work, since it is unlikely that var^ would exist, and the ^ character is removed when the
        // variable is used. the problem, however, is that ^ is not removed when %* is used to pass the args
        // to an external program.
        //
        // an unexplored potential solution for the % escaping problem, is to create a wrapper .cmd file.
        // % can be escaped within a .cmd file.
        let reverse = '"';
        let quoteHit = true;
        for (let i = arg.length; i > 0; i--) {
            // walk the string in reverse
            reverse += arg[i - 1];
            if (quoteHit && arg[i - 1] === '\\') {
                reverse += '\\'; // double the slash
            }
            else if (arg[i - 1] === '"') {
                quoteHit = true;
                reverse += '"'; // double the quote
            }
            else {
                quoteHit = false;
            }
        }
        reverse += '"';
        return reverse.split('').reverse().join('');
    }
    _uvQuoteCmdArg(arg) {
        // Tool runner wraps child_process.spawn() and needs to apply the same quoting as
        // Node in certain cases where the undocumented spawn option windowsVerbatimArguments
        // is used.
        //
        // Since this function is a port of quote_cmd_arg from Node 4.x (technically, lib UV,
        // see https://github.com/nodejs/node/blob/v4.x/deps/uv/src/win/process.c for details),
        // pasting copyright notice from Node within this function:
        //
        //      Copyright Joyent, Inc. and other Node contributors. All rights reserved.
        //
        //      Permission is hereby granted, free of charge, to any person obtaining a copy
        //      of this software and associated documentation files (the "Software"), to
        //      deal in the Software without restriction, including without limitation the
        //      rights to use, copy, modify, merge, publish, distribute, sublicense, and/or
        //      sell copies of the Software, and to permit persons to whom the Software is
        //      furnished to do so, subject to the following conditions:
        //
        //      The above copyright notice and this permission notice shall be included in
        //      all copies or substantial portions of the Software.
        //
        //      THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
        //      IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
        //      FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
        //      AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
        //      LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
        //      FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS
        //      IN THE SOFTWARE.
        if (!arg) {
            // Need double quotation for empty argument
            return '""';
        }
        if (!arg.includes(' ') && !arg.includes('\t') && !arg.includes('"')) {
            // No quotation needed
            return arg;
        }
        if (!arg.includes('"') && !arg.includes('\\')) {
            // No embedded double quotes or backslashes, so I can just wrap
            // quote marks around the whole thing.
            return `"${arg}"`;
        }
        // Expected input/output:
        //   input : hello"world
        //   output: "hello\"world"
        //   input : hello""world
        //   output: "hello\"\"world"
        //   input : hello\world
        //   output: hello\world
        //   input : hello\\world
        //   output: hello\\world
        //   input : hello\"world
        //   output: "hello\\\"world"
        //   input : hello\\"world
        //   output: "hello\\\\\"world"
        //   input : hello world\
        //   output: "hello world\\" - note the comment in libuv actually reads "hello world\"
        //                             but it appears the comment is wrong, it should be "hello world\\"
        let reverse = '"';
        let quoteHit = true;
        for (let i = arg.length; i > 0; i--) {
            // walk the string in reverse
            reverse += arg[i - 1];
            if (quoteHit && arg[i - 1] === '\\') {
                reverse += '\\';
            }
            else if (arg[i - 1] === '"') {
                quoteHit = true;
                reverse += '\\';
            }
            else {
                quoteHit = false;
            }
        }
        reverse += '"';
        return reverse.split('').reverse().join('');
    }
    _cloneExecOptions(options) {
        options = options || {};
        const result = {
            cwd: options.cwd || process.cwd(),
            env: options.env || process.env,
            silent: options.silent || false,
            windowsVerbatimArguments: options.windowsVerbatimArguments || false,
            failOnStdErr: options.failOnStdErr || false,
            ignoreReturnCode: options.ignoreReturnCode || false,
            delay: options.delay || 10000
        };
        result.outStream = options.outStream || process.stdout;
        result.errStream = options.errStream || process.stderr;
        return result;
    }
    _getSpawnOptions(options, toolPath) {
        options = options || {};
        const result = {};
        result.cwd = options.cwd;
        result.env = options.env;
        result['windowsVerbatimArguments'] =
            options.windowsVerbatimArguments || this._isCmdFile();
        if (options.windowsVerbatimArguments) {
            result.argv0 = `"${toolPath}"`;
        }
        return result;
    }
    /**
     * Exec a tool.
     * Output will be streamed to the live console.
     * Returns promise with return code
     *
     * @param     tool     path to tool to exec
     * @param     options  optional exec options.  See ExecOptions
     * @returns   number
     */
    exec() {
        return toolrunner_awaiter(this, void 0, void 0, function* () {
            // root the tool path if it is unrooted and contains relative pathing
            if (!isRooted(this.toolPath) &&
                (this.toolPath.includes('/') ||
                    (toolrunner_IS_WINDOWS && this.toolPath.includes('\\')))) {
                // prefer options.cwd if it is specified, however options.cwd may also need to be rooted
                this.toolPath = external_path_.resolve(process.cwd(), this.options.cwd || process.cwd(), this.toolPath);
            }
            // if the tool is only a file name, then resolve it from the PATH
            // otherwise verify it exists (add extension on Windows if necessary)
            this.toolPath = yield which(this.toolPath, true);
            return new Promise((resolve, reject) => toolrunner_awaiter(this, void 0, void 0, function* () {
                this._debug(`exec tool: ${this.toolPath}`);
                this._debug('arguments:');
                for (const arg of this.args) {
                    this._debug(`   ${arg}`);
                }
                const optionsNonNull = this._cloneExecOptions(this.options);
                if (!optionsNonNull.silent && optionsNonNull.outStream) {
                    optionsNonNull.outStream.write(this._getCommandString(optionsNonNull) + external_os_.EOL);
                }
                const state = new ExecState(optionsNonNull, this.toolPath);
                state.on('debug', (message) => {
                    this._debug(message);
                });
                if (this.options.cwd && !(yield exists(this.options.cwd))) {
                    return reject(new Error(`The cwd: ${this.options.cwd} does not exist!`));
                }
                const fileName = this._getSpawnFileName();
                const cp = external_child_process_namespaceObject.spawn(fileName, this._getSpawnArgs(optionsNonNull), this._getSpawnOptions(this.options, fileName));
                let stdbuffer = '';
                if (cp.stdout) {
                    cp.stdout.on('data', (data) => {
                        if (this.options.listeners && this.options.listeners.stdout) {
                            this.options.listeners.stdout(data);
                        }
                        if (!optionsNonNull.silent && optionsNonNull.outStream) {
                            optionsNonNull.outStream.write(data);
                        }
                        stdbuffer = this._processLineBuffer(data, stdbuffer, (line) => {
                            if (this.options.listeners && this.options.listeners.stdline) {
                                this.options.listeners.stdline(line);
                            }
                        });
                    });
                }
                let errbuffer = '';
                if (cp.stderr) {
                    cp.stderr.on('data', (data) => {
                        state.processStderr = true;
                        if (this.options.listeners && this.options.listeners.stderr) {
                            this.options.listeners.stderr(data);
                        }
                        if (!optionsNonNull.silent &&
                            optionsNonNull.errStream &&
                            optionsNonNull.outStream) {
                            const s = optionsNonNull.failOnStdErr
                                ? optionsNonNull.errStream
                                : optionsNonNull.outStream;
                            s.write(data);
                        }
                        errbuffer = this._processLineBuffer(data, errbuffer, (line) => {
                            if (this.options.listeners && this.options.listeners.errline) {
                                this.options.listeners.errline(line);
                            }
                        });
                    });
                }
                cp.on('error', (err) => {
                    state.processError = err.message;
                    state.processExited = true;
                    state.processClosed = true;
                    state.CheckComplete();
                });
                cp.on('exit', (code) => {
                    state.processExitCode = code;
                    state.processExited = true;
                    this._debug(`Exit code ${code} received from tool '${this.toolPath}'`);
                    state.CheckComplete();
                });
                cp.on('close', (code) => {
                    state.processExitCode = code;
                    state.processExited = true;
                    state.processClosed = true;
                    this._debug(`STDIO streams have closed for tool '${this.toolPath}'`);
                    state.CheckComplete();
                });
                state.on('done', (error, exitCode) => {
                    if (stdbuffer.length > 0) {
                        this.emit('stdline', stdbuffer);
                    }
                    if (errbuffer.length > 0) {
                        this.emit('errline', errbuffer);
                    }
                    cp.removeAllListeners();
                    if (error) {
                        reject(error);
                    }
                    else {
                        resolve(exitCode);
                    }
                });
                if (this.options.input) {
                    if (!cp.stdin) {
                        throw new Error('child process missing stdin');
                    }
                    cp.stdin.end(this.options.input);
                }
            }));
        });
    }
}
/**
 * Convert an arg string to an array of args. Handles escaping
 *
 * @param    argString   string of arguments
 * @returns  string[]    array of arguments
 */
function argStringToArray(argString) {
    const args = [];
    let inQuotes = false;
    let escaped = false;
    let arg = '';
    function append(c) {
        // we only escape double quotes.
        if (escaped && c !== '"') {
            arg += '\\';
        }
        arg += c;
        escaped = false;
    }
    for (let i = 0; i < argString.length; i++) {
        const c = argString.charAt(i);
        if (c === '"') {
            if (!escaped) {
                inQuotes = !inQuotes;
            }
            else {
                append(c);
            }
            continue;
        }
        if (c === '\\' && escaped) {
            append(c);
            continue;
        }
        if (c === '\\' && inQuotes) {
            escaped = true;
            continue;
        }
        if (c === ' ' && !inQuotes) {
            if (arg.length > 0) {
                args.push(arg);
                arg = '';
            }
            continue;
        }
        append(c);
    }
    if (arg.length > 0) {
        args.push(arg.trim());
    }
    return args;
}
class ExecState extends external_events_.EventEmitter {
    constructor(options, toolPath) {
        super();
        this.processClosed = false; // tracks whether the process has exited and stdio is closed
        this.processError = '';
        this.processExitCode = 0;
        this.processExited = false; // tracks whether the process has exited
        this.processStderr = false; // tracks whether stderr was written to
        this.delay = 10000; // 10 seconds
        this.done = false;
        this.timeout = null;
        if (!toolPath) {
            throw new Error('toolPath must not be empty');
        }
        this.options = options;
        this.toolPath = toolPath;
        if (options.delay) {
            this.delay = options.delay;
        }
    }
    CheckComplete() {
        if (this.done) {
            return;
        }
        if (this.processClosed) {
            this._setResult();
        }
        else if (this.processExited) {
            this.timeout = (0,external_timers_namespaceObject.setTimeout)(ExecState.HandleTimeout, this.delay, this);
        }
    }
    _debug(message) {
        this.emit('debug', message);
    }
    _setResult() {
        // determine whether there is an error
        let error;
        if (this.processExited) {
            if (this.processError) {
                error = new Error(`There was an error when attempting to execute the process '${this.toolPath}'. This may indicate the process failed to start. Error: ${this.processError}`);
            }
            else if (this.processExitCode !== 0 && !this.options.ignoreReturnCode) {
                error = new Error(`The process '${this.toolPath}' failed with exit code ${this.processExitCode}`);
            }
            else if (this.processStderr && this.options.failOnStdErr) {
                error = new Error(`The process '${this.toolPath}' failed because one or more lines were written to the STDERR stream`);
            }
        }
        // clear the timeout
        if (this.timeout) {
            clearTimeout(this.timeout);
            this.timeout = null;
        }
        this.done = true;
        this.emit('done', error, this.processExitCode);
    }
    static HandleTimeout(state) {
        if (state.done) {
            return;
        }
        if (!state.processClosed && state.processExited) {
            const message = `The STDIO streams did not close within ${state.delay / 1000} seconds of the exit event from process '${state.toolPath}'. This may indicate a child process inherited the STDIO streams and has not yet exited.`;
            state._debug(message);
        }
        state._setResult();
    }
}
//# sourceMappingURL=toolrunner.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/exec/lib/exec.js
var exec_awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};


/**
 * Exec a command.
 * Output will be streamed to the live console.
 * Returns promise with return code
 *
 * @param     commandLine        command to execute (can include additional args). Must be correctly escaped.
 * @param     args               optional arguments for tool. Escaping is handled by the lib.
 * @param     options            optional exec options.  See ExecOptions
 * @returns   Promise<number>    exit code
 */
function exec_exec(commandLine, args, options) {
    return exec_awaiter(this, void 0, void 0, function* () {
        const commandArgs = tr.argStringToArray(commandLine);
        if (commandArgs.length === 0) {
            throw new Error(`Parameter 'commandLine' cannot be null or empty.`);
        }
        // Path to tool to execute should be first arg
        const toolPath = commandArgs[0];
        args = commandArgs.slice(1).concat(args || []);
        const runner = new tr.ToolRunner(toolPath, args, options);
        return runner.exec();
    });
}
/**
 * Exec a command and get the output.
 * Output will be streamed to the live console.
 * Returns promise with the exit code and collected stdout and stderr
 *
 * @param     commandLine           command to execute (can include additional args). Must be correctly escaped.
 * @param     args                  optional arguments for tool. Escaping is handled by the lib.
 * @param     options               optional exec options.  See ExecOptions
 * @returns   Promise<ExecOutput>   exit code, stdout, and stderr
 */
function getExecOutput(commandLine, args, options) {
    return exec_awaiter(this, void 0, void 0, function* () {
        var _a, _b;
        let stdout = '';
        let stderr = '';
        //Using string decoder covers the case where a mult-byte character is split
        const stdoutDecoder = new StringDecoder('utf8');
        const stderrDecoder = new StringDecoder('utf8');
        const originalStdoutListener = (_a = options === null || options === void 0 ? void 0 : options.listeners) === null || _a === void 0 ? void 0 : _a.stdout;
        const originalStdErrListener = (_b = options === null || options === void 0 ? void 0 : options.listeners) === null || _b === void 0 ? void 0 : _b.stderr;
        const stdErrListener = (data) => {
            stderr += stderrDecoder.write(data);
            if (originalStdErrListener) {
                originalStdErrListener(data);
            }
        };
        const stdOutListener = (data) => {
            stdout += stdoutDecoder.write(data);
            if (originalStdoutListener) {
                originalStdoutListener(data);
            }
        };
        const listeners = Object.assign(Object.assign({}, options === null || options === void 0 ? void 0 : options.listeners), { stdout: stdOutListener, stderr: stdErrListener });
        const exitCode = yield exec_exec(commandLine, args, Object.assign(Object.assign({}, options), { listeners }));
        //flush any remaining characters
        stdout += stdoutDecoder.end();
        stderr += stderrDecoder.end();
        return {
            exitCode,
            stdout,
            stderr
        };
    });
}
//# sourceMappingURL=exec.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/platform.js
var platform_awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};


const getWindowsInfo = () => platform_awaiter(void 0, void 0, void 0, function* () {
    const { stdout: version } = yield exec.getExecOutput('powershell -command "(Get-CimInstance -ClassName Win32_OperatingSystem).Version"', undefined, {
        silent: true
    });
    const { stdout: name } = yield exec.getExecOutput('powershell -command "(Get-CimInstance -ClassName Win32_OperatingSystem).Caption"', undefined, {
        silent: true
    });
    return {
        name: name.trim(),
        version: version.trim()
    };
});
const getMacOsInfo = () => platform_awaiter(void 0, void 0, void 0, function* () {
    var _a, _b, _c, _d;
    const { stdout } = yield exec.getExecOutput('sw_vers', undefined, {
        silent: true
    });
    const version = (_b = (_a = stdout.match(/ProductVersion:\s*(.+)/)) === null || _a === void 0 ? void 0 : _a[1]) !== null && _b !== void 0 ? _b : '';
    const name = (_d = (_c = stdout.match(/ProductName:\s*(.+)/)) === null || _c === void 0 ? void 0 : _c[1]) !== null && _d !== void 0 ? _d : '';
    return {
        name,
        version
    };
});
const getLinuxInfo = () => platform_awaiter(void 0, void 0, void 0, function* () {
    const { stdout } = yield exec.getExecOutput('lsb_release', ['-i', '-r', '-s'], {
        silent: true
    });
    const [name, version] = stdout.trim().split('\n');
    return {
        name,
        version
    };
});
const platform = external_os_.platform();
const arch = external_os_.arch();
const isWindows = platform === 'win32';
const isMacOS = platform === 'darwin';
const isLinux = platform === 'linux';
function getDetails() {
    return platform_awaiter(this, void 0, void 0, function* () {
        return Object.assign(Object.assign({}, (yield (isWindows
            ? getWindowsInfo()
            : isMacOS
                ? getMacOsInfo()
                : getLinuxInfo()))), { platform,
            arch,
            isWindows,
            isMacOS,
            isLinux });
    });
}
//# sourceMappingURL=platform.js.map
;// CONCATENATED MODULE: ./node_modules/@actions/core/lib/core.js
var core_awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};






/**
 * The code to exit an action
 */
var ExitCode;
(function (ExitCode) {
    /**
     * A code indicating that the action was successful
     */
    ExitCode[ExitCode["Success"] = 0] = "Success";
    /**
     * A code indicating that the action was a failure
     */
    ExitCode[ExitCode["Failure"] = 1] = "Failure";
})(ExitCode || (ExitCode = {}));
//-----------------------------------------------------------------------
// Variables
//-----------------------------------------------------------------------
/**
 * Sets env variable for this action and future actions in the job
 * @param name the name of the variable to set
 * @param val the value of the variable. Non-string values will be converted to a string via JSON.stringify
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function exportVariable(name, val) {
    const convertedVal = toCommandValue(val);
    process.env[name] = convertedVal;
    const filePath = process.env['GITHUB_ENV'] || '';
    if (filePath) {
        return issueFileCommand('ENV', prepareKeyValueMessage(name, val));
    }
    issueCommand('set-env', { name }, convertedVal);
}
/**
 * Registers a secret which will get masked from logs
 *
 * @param secret - Value of the secret to be masked
 * @remarks
 * This function instructs the Actions runner to mask the specified value in any
 * logs produced during the workflow run. Once registered, the secret value will
 * be replaced with asterisks (***) whenever it appears in console output, logs,
 * or error messages.
 *
 * This is useful for protecting sensitive information such as:
 * - API keys
 * - Access tokens
 * - Authentication credentials
 * - URL parameters containing signatures (SAS tokens)
 *
 * Note that masking only affects future logs; any previous appearances of the
 * secret in logs before calling this function will remain unmasked.
 *
 * @example
 * ```typescript
 * // Register an API token as a secret
 * const apiToken = "abc123xyz456";
 * setSecret(apiToken);
 *
 * // Now any logs containing this value will show *** instead
 * console.log(`Using token: ${apiToken}`); // Outputs: "Using token: ***"
 * ```
 */
function core_setSecret(secret) {
    command_issueCommand('add-mask', {}, secret);
}
/**
 * Prepends inputPath to the PATH (for this action and future actions)
 * @param inputPath
 */
function addPath(inputPath) {
    const filePath = process.env['GITHUB_PATH'] || '';
    if (filePath) {
        issueFileCommand('PATH', inputPath);
    }
    else {
        issueCommand('add-path', {}, inputPath);
    }
    process.env['PATH'] = `${inputPath}${path.delimiter}${process.env['PATH']}`;
}
/**
 * Gets the value of an input.
 * Unless trimWhitespace is set to false in InputOptions, the value is also trimmed.
 * Returns an empty string if the value is not defined.
 *
 * @param     name     name of the input to get
 * @param     options  optional. See InputOptions.
 * @returns   string
 */
function getInput(name, options) {
    const val = process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '';
    if (options && options.required && !val) {
        throw new Error(`Input required and not supplied: ${name}`);
    }
    if (options && options.trimWhitespace === false) {
        return val;
    }
    return val.trim();
}
/**
 * Gets the values of an multiline input.  Each value is also trimmed.
 *
 * @param     name     name of the input to get
 * @param     options  optional. See InputOptions.
 * @returns   string[]
 *
 */
function getMultilineInput(name, options) {
    const inputs = getInput(name, options)
        .split('\n')
        .filter(x => x !== '');
    if (options && options.trimWhitespace === false) {
        return inputs;
    }
    return inputs.map(input => input.trim());
}
/**
 * Gets the input value of the boolean type in the YAML 1.2 "core schema" specification.
 * Support boolean input list: `true | True | TRUE | false | False | FALSE` .
 * The return value is also in boolean type.
 * ref: https://yaml.org/spec/1.2/spec.html#id2804923
 *
 * @param     name     name of the input to get
 * @param     options  optional. See InputOptions.
 * @returns   boolean
 */
function getBooleanInput(name, options) {
    const trueValue = ['true', 'True', 'TRUE'];
    const falseValue = ['false', 'False', 'FALSE'];
    const val = getInput(name, options);
    if (trueValue.includes(val))
        return true;
    if (falseValue.includes(val))
        return false;
    throw new TypeError(`Input does not meet YAML 1.2 "Core Schema" specification: ${name}\n` +
        `Support boolean input list: \`true | True | TRUE | false | False | FALSE\``);
}
/**
 * Sets the value of an output.
 *
 * @param     name     name of the output to set
 * @param     value    value to store. Non-string values will be converted to a string via JSON.stringify
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function setOutput(name, value) {
    const filePath = process.env['GITHUB_OUTPUT'] || '';
    if (filePath) {
        return file_command_issueFileCommand('OUTPUT', file_command_prepareKeyValueMessage(name, value));
    }
    process.stdout.write(external_os_.EOL);
    command_issueCommand('set-output', { name }, utils_toCommandValue(value));
}
/**
 * Enables or disables the echoing of commands into stdout for the rest of the step.
 * Echoing is disabled by default if ACTIONS_STEP_DEBUG is not set.
 *
 */
function setCommandEcho(enabled) {
    issue('echo', enabled ? 'on' : 'off');
}
//-----------------------------------------------------------------------
// Results
//-----------------------------------------------------------------------
/**
 * Sets the action status to failed.
 * When the action exits it will be with an exit code of 1
 * @param message add error issue message
 */
function setFailed(message) {
    process.exitCode = ExitCode.Failure;
    error(message);
}
//-----------------------------------------------------------------------
// Logging Commands
//-----------------------------------------------------------------------
/**
 * Gets whether Actions Step Debug is on or not
 */
function isDebug() {
    return process.env['RUNNER_DEBUG'] === '1';
}
/**
 * Writes debug message to user log
 * @param message debug message
 */
function core_debug(message) {
    command_issueCommand('debug', {}, message);
}
/**
 * Adds an error issue
 * @param message error issue message. Errors will be converted to string via toString()
 * @param properties optional properties to add to the annotation.
 */
function error(message, properties = {}) {
    command_issueCommand('error', toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
/**
 * Adds a warning issue
 * @param message warning issue message. Errors will be converted to string via toString()
 * @param properties optional properties to add to the annotation.
 */
function warning(message, properties = {}) {
    command_issueCommand('warning', toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
/**
 * Adds a notice issue
 * @param message notice issue message. Errors will be converted to string via toString()
 * @param properties optional properties to add to the annotation.
 */
function notice(message, properties = {}) {
    command_issueCommand('notice', toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
/**
 * Writes info to log with console.log.
 * @param message info message
 */
function info(message) {
    process.stdout.write(message + external_os_.EOL);
}
/**
 * Begin an output group.
 *
 * Output until the next `groupEnd` will be foldable in this group
 *
 * @param name The name of the output group
 */
function startGroup(name) {
    command_issue('group', name);
}
/**
 * End an output group.
 */
function endGroup() {
    command_issue('endgroup');
}
/**
 * Wrap an asynchronous function call in a group.
 *
 * Returns the same type as the function itself.
 *
 * @param name The name of the group
 * @param fn The function to wrap in the group
 */
function group(name, fn) {
    return core_awaiter(this, void 0, void 0, function* () {
        startGroup(name);
        let result;
        try {
            result = yield fn();
        }
        finally {
            endGroup();
        }
        return result;
    });
}
//-----------------------------------------------------------------------
// Wrapper action state
//-----------------------------------------------------------------------
/**
 * Saves state for current action, the state can only be retrieved by this action's post job execution.
 *
 * @param     name     name of the state to store
 * @param     value    value to store. Non-string values will be converted to a string via JSON.stringify
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function saveState(name, value) {
    const filePath = process.env['GITHUB_STATE'] || '';
    if (filePath) {
        return issueFileCommand('STATE', prepareKeyValueMessage(name, value));
    }
    issueCommand('save-state', { name }, toCommandValue(value));
}
/**
 * Gets the value of an state set by this action's main execution.
 *
 * @param     name     name of the state to get
 * @returns   string
 */
function getState(name) {
    return process.env[`STATE_${name}`] || '';
}
function getIDToken(aud) {
    return core_awaiter(this, void 0, void 0, function* () {
        return yield OidcClient.getIDToken(aud);
    });
}
/**
 * Summary exports
 */

/**
 * @deprecated use core.summary
 */

/**
 * Path exports
 */

/**
 * Platform utilities exports
 */

//# sourceMappingURL=core.js.map

/***/ }),

/***/ 4942:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  Qq: () => (/* binding */ HttpClient)
});

// UNUSED EXPORTS: Headers, HttpClientError, HttpClientResponse, HttpCodes, MediaTypes, getProxyUrl, isHttps

// EXTERNAL MODULE: external "http"
var external_http_ = __nccwpck_require__(8611);
var external_http_namespaceObject = /*#__PURE__*/__nccwpck_require__.t(external_http_, 2);
// EXTERNAL MODULE: external "https"
var external_https_ = __nccwpck_require__(5692);
var external_https_namespaceObject = /*#__PURE__*/__nccwpck_require__.t(external_https_, 2);
;// CONCATENATED MODULE: ./node_modules/@actions/http-client/lib/proxy.js
function getProxyUrl(reqUrl) {
    const usingSsl = reqUrl.protocol === 'https:';
    if (checkBypass(reqUrl)) {
        return undefined;
    }
    const proxyVar = (() => {
        if (usingSsl) {
            return process.env['https_proxy'] || process.env['HTTPS_PROXY'];
        }
        else {
            return process.env['http_proxy'] || process.env['HTTP_PROXY'];
        }
    })();
    if (proxyVar) {
        try {
            return new DecodedURL(proxyVar);
        }
        catch (_a) {
            if (!proxyVar.startsWith('http://') && !proxyVar.startsWith('https://'))
                return new DecodedURL(`http://${proxyVar}`);
        }
    }
    else {
        return undefined;
    }
}
function checkBypass(reqUrl) {
    if (!reqUrl.hostname) {
        return false;
    }
    const reqHost = reqUrl.hostname;
    if (isLoopbackAddress(reqHost)) {
        return true;
    }
    const noProxy = process.env['no_proxy'] || process.env['NO_PROXY'] || '';
    if (!noProxy) {
        return false;
    }
    // Determine the request port
    let reqPort;
    if (reqUrl.port) {
        reqPort = Number(reqUrl.port);
    }
    else if (reqUrl.protocol === 'http:') {
        reqPort = 80;
    }
    else if (reqUrl.protocol === 'https:') {
        reqPort = 443;
    }
    // Format the request hostname and hostname with port
    const upperReqHosts = [reqUrl.hostname.toUpperCase()];
    if (typeof reqPort === 'number') {
        upperReqHosts.push(`${upperReqHosts[0]}:${reqPort}`);
    }
    // Compare request host against noproxy
    for (const upperNoProxyItem of noProxy
        .split(',')
        .map(x => x.trim().toUpperCase())
        .filter(x => x)) {
        if (upperNoProxyItem === '*' ||
            upperReqHosts.some(x => x === upperNoProxyItem ||
                x.endsWith(`.${upperNoProxyItem}`) ||
                (upperNoProxyItem.startsWith('.') &&
                    x.endsWith(`${upperNoProxyItem}`)))) {
            return true;
        }
    }
    return false;
}
function isLoopbackAddress(host) {
    const hostLower = host.toLowerCase();
    return (hostLower === 'localhost' ||
        hostLower.startsWith('127.') ||
        hostLower.startsWith('[::1]') ||
        hostLower.startsWith('[0:0:0:0:0:0:0:1]'));
}
class DecodedURL extends URL {
    constructor(url, base) {
        super(url, base);
        this._decodedUsername = decodeURIComponent(super.username);
        this._decodedPassword = decodeURIComponent(super.password);
    }
    get username() {
        return this._decodedUsername;
    }
    get password() {
        return this._decodedPassword;
    }
}
//# sourceMappingURL=proxy.js.map
// EXTERNAL MODULE: ./node_modules/tunnel/index.js
var tunnel = __nccwpck_require__(770);
// EXTERNAL MODULE: external "./undici.cjs"
var external_undici_cjs_ = __nccwpck_require__(5641);
;// CONCATENATED MODULE: ./node_modules/@actions/http-client/lib/index.js
/* eslint-disable @typescript-eslint/no-explicit-any */
var __awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};





var HttpCodes;
(function (HttpCodes) {
    HttpCodes[HttpCodes["OK"] = 200] = "OK";
    HttpCodes[HttpCodes["MultipleChoices"] = 300] = "MultipleChoices";
    HttpCodes[HttpCodes["MovedPermanently"] = 301] = "MovedPermanently";
    HttpCodes[HttpCodes["ResourceMoved"] = 302] = "ResourceMoved";
    HttpCodes[HttpCodes["SeeOther"] = 303] = "SeeOther";
    HttpCodes[HttpCodes["NotModified"] = 304] = "NotModified";
    HttpCodes[HttpCodes["UseProxy"] = 305] = "UseProxy";
    HttpCodes[HttpCodes["SwitchProxy"] = 306] = "SwitchProxy";
    HttpCodes[HttpCodes["TemporaryRedirect"] = 307] = "TemporaryRedirect";
    HttpCodes[HttpCodes["PermanentRedirect"] = 308] = "PermanentRedirect";
    HttpCodes[HttpCodes["BadRequest"] = 400] = "BadRequest";
    HttpCodes[HttpCodes["Unauthorized"] = 401] = "Unauthorized";
    HttpCodes[HttpCodes["PaymentRequired"] = 402] = "PaymentRequired";
    HttpCodes[HttpCodes["Forbidden"] = 403] = "Forbidden";
    HttpCodes[HttpCodes["NotFound"] = 404] = "NotFound";
    HttpCodes[HttpCodes["MethodNotAllowed"] = 405] = "MethodNotAllowed";
    HttpCodes[HttpCodes["NotAcceptable"] = 406] = "NotAcceptable";
    HttpCodes[HttpCodes["ProxyAuthenticationRequired"] = 407] = "ProxyAuthenticationRequired";
    HttpCodes[HttpCodes["RequestTimeout"] = 408] = "RequestTimeout";
    HttpCodes[HttpCodes["Conflict"] = 409] = "Conflict";
    HttpCodes[HttpCodes["Gone"] = 410] = "Gone";
    HttpCodes[HttpCodes["TooManyRequests"] = 429] = "TooManyRequests";
    HttpCodes[HttpCodes["InternalServerError"] = 500] = "InternalServerError";
    HttpCodes[HttpCodes["NotImplemented"] = 501] = "NotImplemented";
    HttpCodes[HttpCodes["BadGateway"] = 502] = "BadGateway";
    HttpCodes[HttpCodes["ServiceUnavailable"] = 503] = "ServiceUnavailable";
    HttpCodes[HttpCodes["GatewayTimeout"] = 504] = "GatewayTimeout";
})(HttpCodes || (HttpCodes = {}));
var Headers;
(function (Headers) {
    Headers["Accept"] = "accept";
    Headers["ContentType"] = "content-type";
})(Headers || (Headers = {}));
var MediaTypes;
(function (MediaTypes) {
    MediaTypes["ApplicationJson"] = "application/json";
})(MediaTypes || (MediaTypes = {}));
/**
 * Returns the proxy URL, depending upon the supplied url and proxy environment variables.
 * @param serverUrl  The server URL where the request will be sent. For example, https://api.github.com
 */
function lib_getProxyUrl(serverUrl) {
    const proxyUrl = pm.getProxyUrl(new URL(serverUrl));
    return proxyUrl ? proxyUrl.href : '';
}
const HttpRedirectCodes = [
    HttpCodes.MovedPermanently,
    HttpCodes.ResourceMoved,
    HttpCodes.SeeOther,
    HttpCodes.TemporaryRedirect,
    HttpCodes.PermanentRedirect
];
const HttpResponseRetryCodes = [
    HttpCodes.BadGateway,
    HttpCodes.ServiceUnavailable,
    HttpCodes.GatewayTimeout
];
const RetryableHttpVerbs = ['OPTIONS', 'GET', 'DELETE', 'HEAD'];
const ExponentialBackoffCeiling = 10;
const ExponentialBackoffTimeSlice = 5;
class HttpClientError extends Error {
    constructor(message, statusCode) {
        super(message);
        this.name = 'HttpClientError';
        this.statusCode = statusCode;
        Object.setPrototypeOf(this, HttpClientError.prototype);
    }
}
class HttpClientResponse {
    constructor(message) {
        this.message = message;
    }
    readBody() {
        return __awaiter(this, void 0, void 0, function* () {
            return new Promise((resolve) => __awaiter(this, void 0, void 0, function* () {
                let output = Buffer.alloc(0);
                this.message.on('data', (chunk) => {
                    output = Buffer.concat([output, chunk]);
                });
                this.message.on('end', () => {
                    resolve(output.toString());
                });
            }));
        });
    }
    readBodyBuffer() {
        return __awaiter(this, void 0, void 0, function* () {
            return new Promise((resolve) => __awaiter(this, void 0, void 0, function* () {
                const chunks = [];
                this.message.on('data', (chunk) => {
                    chunks.push(chunk);
                });
                this.message.on('end', () => {
                    resolve(Buffer.concat(chunks));
                });
            }));
        });
    }
}
function isHttps(requestUrl) {
    const parsedUrl = new URL(requestUrl);
    return parsedUrl.protocol === 'https:';
}
class HttpClient {
    constructor(userAgent, handlers, requestOptions) {
        this._ignoreSslError = false;
        this._allowRedirects = true;
        this._allowRedirectDowngrade = false;
        this._maxRedirects = 50;
        this._allowRetries = false;
        this._maxRetries = 1;
        this._keepAlive = false;
        this._disposed = false;
        this.userAgent = this._getUserAgentWithOrchestrationId(userAgent);
        this.handlers = handlers || [];
        this.requestOptions = requestOptions;
        if (requestOptions) {
            if (requestOptions.ignoreSslError != null) {
                this._ignoreSslError = requestOptions.ignoreSslError;
            }
            this._socketTimeout = requestOptions.socketTimeout;
            if (requestOptions.allowRedirects != null) {
                this._allowRedirects = requestOptions.allowRedirects;
            }
            if (requestOptions.allowRedirectDowngrade != null) {
                this._allowRedirectDowngrade = requestOptions.allowRedirectDowngrade;
            }
            if (requestOptions.maxRedirects != null) {
                this._maxRedirects = Math.max(requestOptions.maxRedirects, 0);
            }
            if (requestOptions.keepAlive != null) {
                this._keepAlive = requestOptions.keepAlive;
            }
            if (requestOptions.allowRetries != null) {
                this._allowRetries = requestOptions.allowRetries;
            }
            if (requestOptions.maxRetries != null) {
                this._maxRetries = requestOptions.maxRetries;
            }
        }
    }
    options(requestUrl, additionalHeaders) {
        return __awaiter(this, void 0, void 0, function* () {
            return this.request('OPTIONS', requestUrl, null, additionalHeaders || {});
        });
    }
    get(requestUrl, additionalHeaders) {
        return __awaiter(this, void 0, void 0, function* () {
            return this.request('GET', requestUrl, null, additionalHeaders || {});
        });
    }
    del(requestUrl, additionalHeaders) {
        return __awaiter(this, void 0, void 0, function* () {
            return this.request('DELETE', requestUrl, null, additionalHeaders || {});
        });
    }
    post(requestUrl, data, additionalHeaders) {
        return __awaiter(this, void 0, void 0, function* () {
            return this.request('POST', requestUrl, data, additionalHeaders || {});
        });
    }
    patch(requestUrl, data, additionalHeaders) {
        return __awaiter(this, void 0, void 0, function* () {
            return this.request('PATCH', requestUrl, data, additionalHeaders || {});
        });
    }
    put(requestUrl, data, additionalHeaders) {
        return __awaiter(this, void 0, void 0, function* () {
            return this.request('PUT', requestUrl, data, additionalHeaders || {});
        });
    }
    head(requestUrl, additionalHeaders) {
        return __awaiter(this, void 0, void 0, function* () {
            return this.request('HEAD', requestUrl, null, additionalHeaders || {});
        });
    }
    sendStream(verb, requestUrl, stream, additionalHeaders) {
        return __awaiter(this, void 0, void 0, function* () {
            return this.request(verb, requestUrl, stream, additionalHeaders);
        });
    }
    /**
     * Gets a typed object from an endpoint
     * Be aware that not found returns a null.  Other errors (4xx, 5xx) reject the promise
     */
    getJson(requestUrl_1) {
        return __awaiter(this, arguments, void 0, function* (requestUrl, additionalHeaders = {}) {
            additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
            const res = yield this.get(requestUrl, additionalHeaders);
            return this._processResponse(res, this.requestOptions);
        });
    }
    postJson(requestUrl_1, obj_1) {
        return __awaiter(this, arguments, void 0, function* (requestUrl, obj, additionalHeaders = {}) {
            const data = JSON.stringify(obj, null, 2);
            additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
            additionalHeaders[Headers.ContentType] =
                this._getExistingOrDefaultContentTypeHeader(additionalHeaders, MediaTypes.ApplicationJson);
            const res = yield this.post(requestUrl, data, additionalHeaders);
            return this._processResponse(res, this.requestOptions);
        });
    }
    putJson(requestUrl_1, obj_1) {
        return __awaiter(this, arguments, void 0, function* (requestUrl, obj, additionalHeaders = {}) {
            const data = JSON.stringify(obj, null, 2);
            additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
            additionalHeaders[Headers.ContentType] =
                this._getExistingOrDefaultContentTypeHeader(additionalHeaders, MediaTypes.ApplicationJson);
            const res = yield this.put(requestUrl, data, additionalHeaders);
            return this._processResponse(res, this.requestOptions);
        });
    }
    patchJson(requestUrl_1, obj_1) {
        return __awaiter(this, arguments, void 0, function* (requestUrl, obj, additionalHeaders = {}) {
            const data = JSON.stringify(obj, null, 2);
            additionalHeaders[Headers.Accept] = this._getExistingOrDefaultHeader(additionalHeaders, Headers.Accept, MediaTypes.ApplicationJson);
            additionalHeaders[Headers.ContentType] =
                this._getExistingOrDefaultContentTypeHeader(additionalHeaders, MediaTypes.ApplicationJson);
            const res = yield this.patch(requestUrl, data, additionalHeaders);
            return this._processResponse(res, this.requestOptions);
        });
    }
    /**
     * Makes a raw http request.
     * All other methods such as get, post, patch, and request ultimately call this.
     * Prefer get, del, post and patch
     */
    request(verb, requestUrl, data, headers) {
        return __awaiter(this, void 0, void 0, function* () {
            if (this._disposed) {
                throw new Error('Client has already been disposed.');
            }
            const parsedUrl = new URL(requestUrl);
            let info = this._prepareRequest(verb, parsedUrl, headers);
            // Only perform retries on reads since writes may not be idempotent.
            const maxTries = this._allowRetries && RetryableHttpVerbs.includes(verb)
                ? this._maxRetries + 1
                : 1;
            let numTries = 0;
            let response;
            do {
                response = yield this.requestRaw(info, data);
                // Check if it's an authentication challenge
                if (response &&
                    response.message &&
                    response.message.statusCode === HttpCodes.Unauthorized) {
                    let authenticationHandler;
                    for (const handler of this.handlers) {
                        if (handler.canHandleAuthentication(response)) {
                            authenticationHandler = handler;
                            break;
                        }
                    }
                    if (authenticationHandler) {
                        return authenticationHandler.handleAuthentication(this, info, data);
                    }
                    else {
                        // We have received an unauthorized response but have no handlers to handle it.
                        // Let the response return to the caller.
                        return response;
                    }
                }
                let redirectsRemaining = this._maxRedirects;
                while (response.message.statusCode &&
                    HttpRedirectCodes.includes(response.message.statusCode) &&
                    this._allowRedirects &&
                    redirectsRemaining > 0) {
                    const redirectUrl = response.message.headers['location'];
                    if (!redirectUrl) {
                        // if there's no location to redirect to, we won't
                        break;
                    }
                    const parsedRedirectUrl = new URL(redirectUrl);
                    if (parsedUrl.protocol === 'https:' &&
                        parsedUrl.protocol !== parsedRedirectUrl.protocol &&
                        !this._allowRedirectDowngrade) {
                        throw new Error('Redirect from HTTPS to HTTP protocol. This downgrade is not allowed for security reasons. If you want to allow this behavior, set the allowRedirectDowngrade option to true.');
                    }
                    // we need to finish reading the response before reassigning response
                    // which will leak the open socket.
                    yield response.readBody();
                    // strip authorization header if redirected to a different hostname
                    if (parsedRedirectUrl.hostname !== parsedUrl.hostname) {
                        for (const header in headers) {
                            // header names are case insensitive
                            if (header.toLowerCase() === 'authorization') {
                                delete headers[header];
                            }
                        }
                    }
                    // let's make the request with the new redirectUrl
                    info = this._prepareRequest(verb, parsedRedirectUrl, headers);
                    response = yield this.requestRaw(info, data);
                    redirectsRemaining--;
                }
                if (!response.message.statusCode ||
                    !HttpResponseRetryCodes.includes(response.message.statusCode)) {
                    // If not a retry code, return immediately instead of retrying
                    return response;
                }
                numTries += 1;
                if (numTries < maxTries) {
                    yield response.readBody();
                    yield this._performExponentialBackoff(numTries);
                }
            } while (numTries < maxTries);
            return response;
        });
    }
    /**
     * Needs to be called if keepAlive is set to true in request options.
     */
    dispose() {
        if (this._agent) {
            this._agent.destroy();
        }
        this._disposed = true;
    }
    /**
     * Raw request.
     * @param info
     * @param data
     */
    requestRaw(info, data) {
        return __awaiter(this, void 0, void 0, function* () {
            return new Promise((resolve, reject) => {
                function callbackForResult(err, res) {
                    if (err) {
                        reject(err);
                    }
                    else if (!res) {
                        // If `err` is not passed, then `res` must be passed.
                        reject(new Error('Unknown error'));
                    }
                    else {
                        resolve(res);
                    }
                }
                this.requestRawWithCallback(info, data, callbackForResult);
            });
        });
    }
    /**
     * Raw request with callback.
     * @param info
     * @param data
     * @param onResult
     */
    requestRawWithCallback(info, data, onResult) {
        if (typeof data === 'string') {
            if (!info.options.headers) {
                info.options.headers = {};
            }
            info.options.headers['Content-Length'] = Buffer.byteLength(data, 'utf8');
        }
        let callbackCalled = false;
        function handleResult(err, res) {
            if (!callbackCalled) {
                callbackCalled = true;
                onResult(err, res);
            }
        }
        const req = info.httpModule.request(info.options, (msg) => {
            const res = new HttpClientResponse(msg);
            handleResult(undefined, res);
        });
        let socket;
        req.on('socket', sock => {
            socket = sock;
        });
        // If we ever get disconnected, we want the socket to timeout eventually
        req.setTimeout(this._socketTimeout || 3 * 60000, () => {
            if (socket) {
                socket.end();
            }
            handleResult(new Error(`Request timeout: ${info.options.path}`));
        });
        req.on('error', function (err) {
            // err has statusCode property
            // res should have headers
            handleResult(err);
        });
        if (data && typeof data === 'string') {
            req.write(data, 'utf8');
        }
        if (data && typeof data !== 'string') {
            data.on('close', function () {
                req.end();
            });
            data.pipe(req);
        }
        else {
            req.end();
        }
    }
    /**
     * Gets an http agent. This function is useful when you need an http agent that handles
     * routing through a proxy server - depending upon the url and proxy environment variables.
     * @param serverUrl  The server URL where the request will be sent. For example, https://api.github.com
     */
    getAgent(serverUrl) {
        const parsedUrl = new URL(serverUrl);
        return this._getAgent(parsedUrl);
    }
    getAgentDispatcher(serverUrl) {
        const parsedUrl = new URL(serverUrl);
        const proxyUrl = getProxyUrl(parsedUrl);
        const useProxy = proxyUrl && proxyUrl.hostname;
        if (!useProxy) {
            return;
        }
        return this._getProxyAgentDispatcher(parsedUrl, proxyUrl);
    }
    _prepareRequest(method, requestUrl, headers) {
        const info = {};
        info.parsedUrl = requestUrl;
        const usingSsl = info.parsedUrl.protocol === 'https:';
        info.httpModule = usingSsl ? external_https_namespaceObject : external_http_namespaceObject;
        const defaultPort = usingSsl ? 443 : 80;
        info.options = {};
        info.options.host = info.parsedUrl.hostname;
        info.options.port = info.parsedUrl.port
            ? parseInt(info.parsedUrl.port)
            : defaultPort;
        info.options.path =
            (info.parsedUrl.pathname || '') + (info.parsedUrl.search || '');
        info.options.method = method;
        info.options.headers = this._mergeHeaders(headers);
        if (this.userAgent != null) {
            info.options.headers['user-agent'] = this.userAgent;
        }
        info.options.agent = this._getAgent(info.parsedUrl);
        // gives handlers an opportunity to participate
        if (this.handlers) {
            for (const handler of this.handlers) {
                handler.prepareRequest(info.options);
            }
        }
        return info;
    }
    _mergeHeaders(headers) {
        if (this.requestOptions && this.requestOptions.headers) {
            return Object.assign({}, lowercaseKeys(this.requestOptions.headers), lowercaseKeys(headers || {}));
        }
        return lowercaseKeys(headers || {});
    }
    /**
     * Gets an existing header value or returns a default.
     * Handles converting number header values to strings since HTTP headers must be strings.
     * Note: This returns string | string[] since some headers can have multiple values.
     * For headers that must always be a single string (like Content-Type), use the
     * specialized _getExistingOrDefaultContentTypeHeader method instead.
     */
    _getExistingOrDefaultHeader(additionalHeaders, header, _default) {
        let clientHeader;
        if (this.requestOptions && this.requestOptions.headers) {
            const headerValue = lowercaseKeys(this.requestOptions.headers)[header];
            if (headerValue) {
                clientHeader =
                    typeof headerValue === 'number' ? headerValue.toString() : headerValue;
            }
        }
        const additionalValue = additionalHeaders[header];
        if (additionalValue !== undefined) {
            return typeof additionalValue === 'number'
                ? additionalValue.toString()
                : additionalValue;
        }
        if (clientHeader !== undefined) {
            return clientHeader;
        }
        return _default;
    }
    /**
     * Specialized version of _getExistingOrDefaultHeader for Content-Type header.
     * Always returns a single string (not an array) since Content-Type should be a single value.
     * Converts arrays to comma-separated strings and numbers to strings to ensure type safety.
     * This was split from _getExistingOrDefaultHeader to provide stricter typing for callers
     * that assign the result to places expecting a string (e.g., additionalHeaders[Headers.ContentType]).
     */
    _getExistingOrDefaultContentTypeHeader(additionalHeaders, _default) {
        let clientHeader;
        if (this.requestOptions && this.requestOptions.headers) {
            const headerValue = lowercaseKeys(this.requestOptions.headers)[Headers.ContentType];
            if (headerValue) {
                if (typeof headerValue === 'number') {
                    clientHeader = String(headerValue);
                }
                else if (Array.isArray(headerValue)) {
                    clientHeader = headerValue.join(', ');
                }
                else {
                    clientHeader = headerValue;
                }
            }
        }
        const additionalValue = additionalHeaders[Headers.ContentType];
        // Return the first non-undefined value, converting numbers or arrays to strings if necessary
        if (additionalValue !== undefined) {
            if (typeof additionalValue === 'number') {
                return String(additionalValue);
            }
            else if (Array.isArray(additionalValue)) {
                return additionalValue.join(', ');
            }
            else {
                return additionalValue;
            }
        }
        if (clientHeader !== undefined) {
            return clientHeader;
        }
        return _default;
    }
    _getAgent(parsedUrl) {
        let agent;
        const proxyUrl = getProxyUrl(parsedUrl);
        const useProxy = proxyUrl && proxyUrl.hostname;
        if (this._keepAlive && useProxy) {
            agent = this._proxyAgent;
        }
        if (!useProxy) {
            agent = this._agent;
        }
        // if agent is already assigned use that agent.
        if (agent) {
            return agent;
        }
        const usingSsl = parsedUrl.protocol === 'https:';
        let maxSockets = 100;
        if (this.requestOptions) {
            maxSockets = this.requestOptions.maxSockets || external_http_.globalAgent.maxSockets;
        }
        // This is `useProxy` again, but we need to check `proxyURl` directly for TypeScripts's flow analysis.
        if (proxyUrl && proxyUrl.hostname) {
            const agentOptions = {
                maxSockets,
                keepAlive: this._keepAlive,
                proxy: Object.assign(Object.assign({}, ((proxyUrl.username || proxyUrl.password) && {
                    proxyAuth: `${proxyUrl.username}:${proxyUrl.password}`
                })), { host: proxyUrl.hostname, port: proxyUrl.port })
            };
            let tunnelAgent;
            const overHttps = proxyUrl.protocol === 'https:';
            if (usingSsl) {
                tunnelAgent = overHttps ? tunnel.httpsOverHttps : tunnel.httpsOverHttp;
            }
            else {
                tunnelAgent = overHttps ? tunnel.httpOverHttps : tunnel.httpOverHttp;
            }
            agent = tunnelAgent(agentOptions);
            this._proxyAgent = agent;
        }
        // if tunneling agent isn't assigned create a new agent
        if (!agent) {
            const options = { keepAlive: this._keepAlive, maxSockets };
            agent = usingSsl ? new external_https_.Agent(options) : new external_http_.Agent(options);
            this._agent = agent;
        }
        if (usingSsl && this._ignoreSslError) {
            // we don't want to set NODE_TLS_REJECT_UNAUTHORIZED=0 since that will affect request for entire process
            // http.RequestOptions doesn't expose a way to modify RequestOptions.agent.options
            // we have to cast it to any and change it directly
            agent.options = Object.assign(agent.options || {}, {
                rejectUnauthorized: false
            });
        }
        return agent;
    }
    _getProxyAgentDispatcher(parsedUrl, proxyUrl) {
        let proxyAgent;
        if (this._keepAlive) {
            proxyAgent = this._proxyAgentDispatcher;
        }
        // if agent is already assigned use that agent.
        if (proxyAgent) {
            return proxyAgent;
        }
        const usingSsl = parsedUrl.protocol === 'https:';
        proxyAgent = new external_undici_cjs_.ProxyAgent(Object.assign({ uri: proxyUrl.href, pipelining: !this._keepAlive ? 0 : 1 }, ((proxyUrl.username || proxyUrl.password) && {
            token: `Basic ${Buffer.from(`${proxyUrl.username}:${proxyUrl.password}`).toString('base64')}`
        })));
        this._proxyAgentDispatcher = proxyAgent;
        if (usingSsl && this._ignoreSslError) {
            // we don't want to set NODE_TLS_REJECT_UNAUTHORIZED=0 since that will affect request for entire process
            // http.RequestOptions doesn't expose a way to modify RequestOptions.agent.options
            // we have to cast it to any and change it directly
            proxyAgent.options = Object.assign(proxyAgent.options.requestTls || {}, {
                rejectUnauthorized: false
            });
        }
        return proxyAgent;
    }
    _getUserAgentWithOrchestrationId(userAgent) {
        const baseUserAgent = userAgent || 'actions/http-client';
        const orchId = process.env['ACTIONS_ORCHESTRATION_ID'];
        if (orchId) {
            // Sanitize the orchestration ID to ensure it contains only valid characters
            // Valid characters: 0-9, a-z, _, -, .
            const sanitizedId = orchId.replace(/[^a-z0-9_.-]/gi, '_');
            return `${baseUserAgent} actions_orchestration_id/${sanitizedId}`;
        }
        return baseUserAgent;
    }
    _performExponentialBackoff(retryNumber) {
        return __awaiter(this, void 0, void 0, function* () {
            retryNumber = Math.min(ExponentialBackoffCeiling, retryNumber);
            const ms = ExponentialBackoffTimeSlice * Math.pow(2, retryNumber);
            return new Promise(resolve => setTimeout(() => resolve(), ms));
        });
    }
    _processResponse(res, options) {
        return __awaiter(this, void 0, void 0, function* () {
            return new Promise((resolve, reject) => __awaiter(this, void 0, void 0, function* () {
                const statusCode = res.message.statusCode || 0;
                const response = {
                    statusCode,
                    result: null,
                    headers: {}
                };
                // not found leads to null obj returned
                if (statusCode === HttpCodes.NotFound) {
                    resolve(response);
                }
                // get the result from the body
                function dateTimeDeserializer(key, value) {
                    if (typeof value === 'string') {
                        const a = new Date(value);
                        if (!isNaN(a.valueOf())) {
                            return a;
                        }
                    }
                    return value;
                }
                let obj;
                let contents;
                try {
                    contents = yield res.readBody();
                    if (contents && contents.length > 0) {
                        if (options && options.deserializeDates) {
                            obj = JSON.parse(contents, dateTimeDeserializer);
                        }
                        else {
                            obj = JSON.parse(contents);
                        }
                        response.result = obj;
                    }
                    response.headers = res.message.headers;
                }
                catch (err) {
                    // Invalid resource (contents not json);  leaving result obj null
                }
                // note that 3xx redirects are handled by the http layer.
                if (statusCode > 299) {
                    let msg;
                    // if exception/error in body, attempt to get better error
                    if (obj && obj.message) {
                        msg = obj.message;
                    }
                    else if (contents && contents.length > 0) {
                        // it may be the case that the exception is in the body message as string
                        msg = contents;
                    }
                    else {
                        msg = `Failed request: (${statusCode})`;
                    }
                    const err = new HttpClientError(msg, statusCode);
                    err.result = response.result;
                    reject(err);
                }
                else {
                    resolve(response);
                }
            }));
        });
    }
}
const lowercaseKeys = (obj) => Object.keys(obj).reduce((c, k) => ((c[k.toLowerCase()] = obj[k]), c), {});
//# sourceMappingURL=index.js.map

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(218);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ var __webpack_exports__run = __webpack_exports__.e;
/******/ export { __webpack_exports__run as run };
/******/ 
