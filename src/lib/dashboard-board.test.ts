import { describe, expect, it } from 'vitest'
import { addGraph, addRefusal, moveGraph, removeGraph, sameBoard } from './dashboard-board'

const g = (metaId: number, panel = 1) => ({ metaId, panel })
const ids = (graphs: readonly { metaId: number }[]) => graphs.map((graph) => graph.metaId)

describe('addRefusal', () => {
  it.each([
    { board: [], metaId: 1, refusal: null },
    { board: [g(1), g(2)], metaId: 3, refusal: null },
    { board: [g(1), g(2)], metaId: 2, refusal: 'ALREADY_ON_BOARD' },
    { board: [g(1), g(2), g(3), g(4), g(5)], metaId: 6, refusal: null },
    { board: [g(1), g(2), g(3), g(4), g(5), g(6)], metaId: 7, refusal: 'FULL' },
    { board: [g(1), g(2), g(3), g(4), g(5), g(6)], metaId: 6, refusal: 'ALREADY_ON_BOARD' },
  ])('$metaId on a board of $board.length → $refusal', ({ board, metaId, refusal }) => {
    expect(addRefusal(board, metaId)).toBe(refusal)
  })
})

describe('addGraph', () => {
  it.each([
    { board: [], index: undefined, added: 9, expected: [9] },
    { board: [1, 2], index: undefined, added: 9, expected: [1, 2, 9] },
    { board: [1, 2], index: 0, added: 9, expected: [9, 1, 2] },
    { board: [1, 2], index: 1, added: 9, expected: [1, 9, 2] },
    { board: [1, 2], index: 99, added: 9, expected: [1, 2, 9] },
    { board: [1, 2], index: -3, added: 9, expected: [9, 1, 2] },
    { board: [1, 2], index: 0, added: 2, expected: [1, 2] },
    { board: [1, 2, 3, 4, 5, 6], index: 0, added: 9, expected: [1, 2, 3, 4, 5, 6] },
  ])('$added at $index into $board → $expected', ({ board, index, added, expected }) => {
    expect(
      ids(
        addGraph(
          board.map((id) => g(id)),
          g(added),
          index,
        ),
      ),
    ).toEqual(expected)
  })

  it('keeps the panel of the graph added', () => {
    expect(addGraph([], g(4, 7))).toEqual([{ metaId: 4, panel: 7 }])
  })
})

describe('moveGraph', () => {
  it.each([
    { from: 0, to: 2, expected: [2, 3, 1] },
    { from: 2, to: 0, expected: [3, 1, 2] },
    { from: 1, to: 1, expected: [1, 2, 3] },
    { from: 0, to: 99, expected: [2, 3, 1] },
    { from: 5, to: 0, expected: [1, 2, 3] },
    { from: -1, to: 0, expected: [1, 2, 3] },
  ])('from $from to $to → $expected', ({ from, to, expected }) => {
    expect(ids(moveGraph([g(1), g(2), g(3)], from, to))).toEqual(expected)
  })
})

describe('removeGraph and sameBoard', () => {
  it('removes only the graph named', () => {
    expect(ids(removeGraph([g(1), g(2), g(3)], 2))).toEqual([1, 3])
    expect(ids(removeGraph([g(1)], 5))).toEqual([1])
  })

  it.each([
    { a: [g(1), g(2)], b: [g(1), g(2)], same: true },
    { a: [g(1), g(2)], b: [g(2), g(1)], same: false },
    { a: [g(1)], b: [g(1), g(2)], same: false },
    { a: [g(1, 1)], b: [g(1, 2)], same: false },
    { a: [], b: [], same: true },
  ])('$a vs $b → $same', ({ a, b, same }) => {
    expect(sameBoard(a, b)).toBe(same)
  })
})
