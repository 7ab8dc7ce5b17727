import uFuzzy from '@leeoniya/ufuzzy'

/** What the typo search needs of an index entry. */
interface TypoEntry {
  haystack: string
}

/** Words of the index, once each, and the entries each word appears in (by position). */
interface Vocabulary {
  words: string[]
  positionsByWord: Map<string, number[]>
}

const WORD = /^[a-z0-9]+$/
const LETTER = /[a-z]/

/**
 * One typo per word (a letter too many, too few, swapped or wrong) in words of four letters or
 * more; a three-letter word may only miss one letter ("yba" → Yaba). Any other error in a short
 * word matches almost anything.
 */
function toleratesTypo(token: string): boolean {
  return token.length >= 3 && WORD.test(token) && LETTER.test(token)
}

const matcher = new uFuzzy({
  intraMode: 1,
  intraRules: (term) => {
    const long = term.length >= 5 ? 1 : 0
    const mid = term.length >= 4 ? 1 : 0
    return {
      // Long words may be wrong in their first letter too ("iyaba" → Yaba).
      intraSlice: [long ? 0 : 1, Infinity],
      intraIns: term.length === 3 ? 1 : long,
      intraDel: long,
      intraSub: mid,
      intraTrn: mid
    }
  }
})

/** A nearby word is at most one letter longer than a three-letter token (only a missing letter). */
function closeEnough(token: string, word: string): boolean {
  return token.length > 3 || word.length <= token.length + 1
}

function buildVocabulary(entries: readonly TypoEntry[]): Vocabulary {
  const positionsByWord = new Map<string, number[]>()
  entries.forEach((entry, position) => {
    for (const word of entry.haystack.split(/[^a-z0-9]+/)) {
      const positions = positionsByWord.get(word)
      // A word twice in one entry (a city named like its neighbourhood) is listed once.
      if (!positions) positionsByWord.set(word, [position])
      else if (positions[positions.length - 1] !== position) positions.push(position)
    }
  })
  // A typo is only tolerated in a word with a letter (toleratesTypo): numbers are never near.
  for (const word of positionsByWord.keys()) if (!LETTER.test(word)) positionsByWord.delete(word)
  return { words: [...positionsByWord.keys()], positionsByWord }
}

/**
 * Finds entries that match every token with at most one typo per word, where a plain substring
 * search finds nothing. uFuzzy runs over the distinct words of the index (a few thousand even for
 * 50,000 locations), not over every entry, so a keystroke stays cheap.
 */
export interface TypoSearch {
  /** Positions (ascending) of entries that match only with a typo; exact matches are left out. */
  find(tokens: readonly string[]): number[]
  /** Builds the word list now rather than on first use (its cost at 50,000 locations: bench/results.json). */
  prepare(): void
}

export function createTypoSearch(entries: readonly TypoEntry[]): TypoSearch {
  let vocabulary: Vocabulary | undefined
  const prepare = () => (vocabulary ??= buildVocabulary(entries))

  const find = (tokens: readonly string[]): number[] => {
    const tolerant = tokens.filter(toleratesTypo)
    if (tolerant.length === 0) return []
    const { words, positionsByWord } = prepare()
    const near = new Map<string, string[]>()
    for (const token of tolerant) {
      const found = matcher.filter(words, token) ?? []
      near.set(
        token,
        found.flatMap((index) => words[index] ?? []).filter((word) => closeEnough(token, word))
      )
    }
    // Nothing to add when every nearby word contains its token as typed: exact search found them.
    if ([...near].every(([token, nearWords]) => nearWords.every((word) => word.includes(token))))
      return []
    const [pivot, pivotWords] = [...near].reduce((best, candidate) =>
      coverage(candidate[1], positionsByWord) < coverage(best[1], positionsByWord)
        ? candidate
        : best
    )
    const marked = new Uint8Array(entries.length)
    for (const word of pivotWords) {
      for (const position of positionsByWord.get(word) ?? []) marked[position] = 1
    }
    const matches: number[] = []
    for (let position = 0; position < marked.length; position += 1) {
      if (!marked[position]) continue
      const haystack = entries[position]?.haystack ?? ''
      let exact = true
      const matchesAll = tokens.every((token) => {
        if (haystack.includes(token)) return true
        exact = false
        const nearWords = token === pivot ? pivotWords : near.get(token)
        return nearWords !== undefined && nearWords.some((word) => haystack.includes(word))
      })
      if (matchesAll && !exact) matches.push(position)
    }
    return matches
  }
  return { find, prepare: () => void prepare() }
}

function coverage(words: readonly string[], positionsByWord: Map<string, number[]>): number {
  return words.reduce((total, word) => total + (positionsByWord.get(word)?.length ?? 0), 0)
}
