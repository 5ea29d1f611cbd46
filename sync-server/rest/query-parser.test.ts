import { describe, expect, it } from 'vitest';
import {
  NegativeLimitError,
  parseColumns,
  parseFilter,
  parseLogic,
  parseOrder,
  parseQueryParams,
  parseSelect,
  QueryParseError,
  type SelectField,
  type SelectRelation,
} from './query-parser.ts';

const field = (name: string, jsonPath: SelectField['field']['jsonPath'] = []) => ({ name, jsonPath });

describe('select=', () => {
  it('parses plain columns and *', () => {
    expect(parseSelect('id,name,*')).toEqual([
      { type: 'field', field: field('id') },
      { type: 'field', field: field('name') },
      { type: 'field', field: field('*') },
    ]);
  });

  it('parses renames, casts and both together', () => {
    expect(parseSelect('label:name,id::text,n:score::numeric')).toEqual([
      { type: 'field', field: field('name'), alias: 'label' },
      { type: 'field', field: field('id'), cast: 'text' },
      { type: 'field', field: field('score'), alias: 'n', cast: 'numeric' },
    ]);
  });

  it('parses JSON paths with keys and indexes', () => {
    const [item] = parseSelect('data->a->>b') as SelectField[];
    expect(item.field).toEqual(
      field('data', [
        { arrow: '->', key: 'a', index: false },
        { arrow: '->>', key: 'b', index: false },
      ]),
    );
    const [indexed] = parseSelect('data->0->>-1') as SelectField[];
    expect(indexed.field.jsonPath).toEqual([
      { arrow: '->', key: '+0', index: true },
      { arrow: '->>', key: '-1', index: true },
    ]);
  });

  it('parses a JSON path followed by a cast and an alias', () => {
    expect(parseSelect('n:data->>count::int')).toEqual([
      { type: 'field', field: field('data', [{ arrow: '->>', key: 'count', index: false }]), alias: 'n', cast: 'int' },
    ]);
  });

  it('keeps a JSON key with special characters and a quoted key', () => {
    const [a] = parseSelect('data->!@#$%^&*_a') as SelectField[];
    expect(a.field.jsonPath[0].key).toBe('!@#$%^&*_a');
    const [b] = parseSelect('data->>"a.b,c"') as SelectField[];
    expect(b.field.jsonPath[0].key).toBe('a.b,c');
  });

  it('parses embedded resources with alias, hint and join type in either order', () => {
    const items = parseSelect('id,owner:profiles!notebooks_owner_id_fkey(username),questions!inner(id,body),l:labels!inner!hint(*)');
    expect(items[1]).toMatchObject({ type: 'relation', name: 'profiles', alias: 'owner', hint: 'notebooks_owner_id_fkey' });
    expect(items[2]).toMatchObject({ type: 'relation', name: 'questions', joinType: 'inner' });
    expect((items[2] as SelectRelation).hint).toBeUndefined();
    expect(items[3]).toMatchObject({ type: 'relation', name: 'labels', alias: 'l', joinType: 'inner', hint: 'hint' });
    expect((items[2] as SelectRelation).children).toHaveLength(2);
  });

  it('parses nested embeds and spreads', () => {
    const [rel] = parseSelect('notebooks(id,questions(body,answers(*)))') as SelectRelation[];
    const inner = rel.children[1] as SelectRelation;
    expect(inner.name).toBe('questions');
    expect((inner.children[1] as SelectRelation).name).toBe('answers');
    const [spread] = parseSelect('...profiles(username)') as SelectRelation[];
    expect(spread).toMatchObject({ type: 'relation', name: 'profiles', spread: true });
  });

  it('accepts quoted names with commas, quotes and backslashes', () => {
    const [a, b] = parseSelect('"a,b","c\\"d\\\\e"') as SelectField[];
    expect(a.field.name).toBe('a,b');
    expect(b.field.name).toBe('c"d\\e');
  });

  it('accepts dashes, spaces, $ and unicode letters in names', () => {
    const names = (parseSelect('first-name,last name,$x,título') as SelectField[]).map((s) => s.field.name);
    expect(names).toEqual(['first-name', 'last name', '$x', 'título']);
  });

  it('parses aggregates so they can be refused', () => {
    expect(parseSelect('count()')[0]).toMatchObject({ aggregate: 'count' });
    expect(parseSelect('score.sum()')[0]).toMatchObject({ aggregate: 'sum', field: field('score') });
  });

  it('treats spaces around items as insignificant', () => {
    expect(parseSelect(' id , name ')).toHaveLength(2);
  });

  it.each([
    ['id,clients(name[])'],
    ['name!hint'],
    ['*!hint'],
    ['name::'],
    ['clients(id'],
    ['a,,b'],
    ['rel->x(*)'],
    ['"unterminated'],
    ['id)'],
  ])('rejects %s with a PGRST100-style error', (text) => {
    expect(() => parseSelect(text)).toThrow(QueryParseError);
  });

  it('reports the position and what was expected', () => {
    try {
      parseSelect('id,name!x');
      expect.unreachable();
    } catch (e) {
      const err = e as QueryParseError;
      expect(err.message).toMatch(/^"failed to parse select parameter \(id,name!x\)" \(line 1, column \d+\)$/);
      expect(err.details).toMatch(/^unexpected .* expecting /);
    }
  });

  it('refuses nesting deeper than the limit instead of overflowing', () => {
    const deep = `${'a('.repeat(60)}*${')'.repeat(60)}`;
    expect(() => parseSelect(deep)).toThrow(QueryParseError);
  });
});

describe('filters', () => {
  it('parses every operator', () => {
    const cases: [string, object][] = [
      ['eq.1', { kind: 'quant', op: 'eq', value: '1' }],
      ['neq.1', { kind: 'simple', op: 'neq', value: '1' }],
      ['gt.1', { kind: 'quant', op: 'gt', value: '1' }],
      ['gte.1', { kind: 'quant', op: 'gte', value: '1' }],
      ['lt.1', { kind: 'quant', op: 'lt', value: '1' }],
      ['lte.1', { kind: 'quant', op: 'lte', value: '1' }],
      ['like.*a*', { kind: 'quant', op: 'like', value: '*a*' }],
      ['ilike.A*', { kind: 'quant', op: 'ilike', value: 'A*' }],
      ['match.^a', { kind: 'quant', op: 'match', value: '^a' }],
      ['imatch.^a', { kind: 'quant', op: 'imatch', value: '^a' }],
      ['cs.{a,b}', { kind: 'simple', op: 'cs', value: '{a,b}' }],
      ['cd.{"a":1}', { kind: 'simple', op: 'cd', value: '{"a":1}' }],
      ['ov.[1,2]', { kind: 'simple', op: 'ov', value: '[1,2]' }],
      ['sl.(1,10)', { kind: 'simple', op: 'sl', value: '(1,10)' }],
      ['adj.(1,10)', { kind: 'simple', op: 'adj', value: '(1,10)' }],
      ['isdistinct.x', { kind: 'isdistinct', value: 'x' }],
      ['fts.cat', { kind: 'fts', op: 'fts', value: 'cat' }],
      ['wfts(english).the cat', { kind: 'fts', op: 'wfts', language: 'english', value: 'the cat' }],
      ['eq(any).{1,2}', { kind: 'quant', op: 'eq', quantifier: 'any', value: '{1,2}' }],
      ['like(all).{a*,*b}', { kind: 'quant', op: 'like', quantifier: 'all', value: '{a*,*b}' }],
    ];
    for (const [value, operation] of cases) {
      expect(parseFilter('col', value)?.filter.operation, value).toEqual(operation);
    }
  });

  it('parses is with its fixed values, case-insensitively', () => {
    expect(parseFilter('a', 'is.null')?.filter.operation).toEqual({ kind: 'is', value: 'null' });
    expect(parseFilter('a', 'is.TRUE')?.filter.operation).toEqual({ kind: 'is', value: 'true' });
    expect(parseFilter('a', 'is.not_null')?.filter.operation).toEqual({ kind: 'is', value: 'not_null' });
    expect(() => parseFilter('a', 'is.maybe')).toThrow(QueryParseError);
  });

  it('parses in lists with quoted values holding commas, parentheses and quotes', () => {
    expect(parseFilter('a', 'in.(1,2,3)')?.filter.operation).toEqual({ kind: 'in', values: ['1', '2', '3'] });
    expect(parseFilter('a', 'in.("a,b","c)d","e\\"f")')?.filter.operation).toEqual({ kind: 'in', values: ['a,b', 'c)d', 'e"f'] });
    expect(parseFilter('a', 'in.()')?.filter.operation).toEqual({ kind: 'in', values: [''] });
    expect(() => parseFilter('a', 'in.1,2')).toThrow(QueryParseError);
  });

  it('handles not. and keeps top-level values verbatim', () => {
    expect(parseFilter('a', 'not.eq.x')?.filter).toMatchObject({ negated: true });
    expect(parseFilter('a', 'eq."quoted,value"')?.filter.operation).toEqual({ kind: 'quant', op: 'eq', value: '"quoted,value"' });
    expect(parseFilter('a', 'eq.with.dots.and)(')?.filter.operation).toMatchObject({ value: 'with.dots.and)(' });
  });

  it('reads the embed path and JSON path of the key', () => {
    const parsed = parseFilter('questions.answers.data->>mood', 'eq.happy');
    expect(parsed?.path).toEqual(['questions', 'answers']);
    expect(parsed?.filter.field).toEqual(field('data', [{ arrow: '->>', key: 'mood', index: false }]));
  });

  it('accepts quoted keys and keeps spaces inside in lists', () => {
    expect(parseFilter('"my col"', 'eq.1')?.filter.field.name).toBe('my col');
    expect(parseFilter('a', 'in.( 1 , 2 )')?.filter.operation).toEqual({ kind: 'in', values: ['1 ', ' 2 '] });
  });

  it('rejects unknown operators and missing values', () => {
    expect(() => parseFilter('a', 'noop.1')).toThrow(QueryParseError);
    expect(() => parseFilter('a', 'eq')).toThrow(QueryParseError);
    expect(() => parseFilter('a', '1')).toThrow(QueryParseError);
    expect(() => parseFilter('a', 'eq(some).1')).toThrow(QueryParseError);
  });

  it('reads a value without operator as an RPC argument on GET /rpc', () => {
    expect(parseFilter('name', 'ana', true)).toBeUndefined();
    expect(parseFilter('name', 'eq.ana', true)).toBeDefined();
  });
});

describe('or= / and=', () => {
  it('parses nested logic with not', () => {
    const { tree } = parseLogic('or', '(a.eq.1,and(b.gt.2,c.not.is.null),not.or(d.in.(1,2),e.cs.{x,y}))');
    expect(tree).toMatchObject({ type: 'expr', op: 'or', negated: false });
    if (tree.type !== 'expr') throw new Error('not an expression');
    expect(tree.children).toHaveLength(3);
    expect(tree.children[1]).toMatchObject({ type: 'expr', op: 'and' });
    expect(tree.children[2]).toMatchObject({ type: 'expr', op: 'or', negated: true });
    const or = tree.children[2];
    if (or.type !== 'expr') throw new Error('not an expression');
    expect(or.children[1]).toMatchObject({ type: 'filter', filter: { operation: { kind: 'simple', op: 'cs', value: '{x,y}' } } });
  });

  it('unquotes values inside logic trees', () => {
    const { tree } = parseLogic('or', '(name.eq."a,b",name.eq."c)")');
    if (tree.type !== 'expr') throw new Error('not an expression');
    expect(tree.children.map((c) => (c.type === 'filter' ? c.filter.operation : undefined))).toEqual([
      { kind: 'quant', op: 'eq', value: 'a,b' },
      { kind: 'quant', op: 'eq', value: 'c)' },
    ]);
  });

  it('reads not.or and embedded paths from the key', () => {
    expect(parseLogic('not.or', '(a.eq.1)').tree).toMatchObject({ negated: true, op: 'or' });
    expect(parseLogic('questions.and', '(a.eq.1)').path).toEqual(['questions']);
  });

  it.each([['()'], ['(id.in.1,2,id.eq.3)'], ['a.eq.1'], ['(a.eq.1'], ['(a.eq.1))'], ['(and(a.eq.1)']])('rejects %s', (value) => {
    expect(() => parseLogic('or', value)).toThrow(QueryParseError);
  });
});

describe('order=', () => {
  it('parses directions, nulls and several terms', () => {
    expect(parseOrder('name.desc.nullsfirst,id,created_at.asc,score.nullslast')).toEqual([
      { field: field('name'), direction: 'desc', nulls: 'first' },
      { field: field('id') },
      { field: field('created_at'), direction: 'asc' },
      { field: field('score'), nulls: 'last' },
    ]);
  });

  it('parses JSON paths and related orders', () => {
    expect(parseOrder('data->key.asc')[0].field.jsonPath).toHaveLength(1);
    expect(parseOrder('profiles(username).desc')[0]).toEqual({ field: field('username'), relation: 'profiles', direction: 'desc' });
  });

  it.each([['id.ac'], ['id.descc'], ['id.nullslasttt'], ['id.asc.smth'], ['clients(name,id)'], ['']])('rejects %s', (value) => {
    expect(() => parseOrder(value)).toThrow(QueryParseError);
  });
});

describe('columns= and on_conflict=', () => {
  it('parses quoted and plain names', () => {
    expect(parseColumns('"id","title",plain')).toEqual(['id', 'title', 'plain']);
    expect(() => parseColumns('a,')).toThrow(QueryParseError);
  });
});

describe('the whole query string', () => {
  it('sorts parameters into select, filters, logic, order and ranges', () => {
    const q = parseQueryParams([
      ['select', 'id,questions(id)'],
      ['id', 'gt.1'],
      ['id', 'lt.9'],
      ['questions.body', 'ilike.*x*'],
      ['or', '(a.eq.1,b.eq.2)'],
      ['order', 'id.desc'],
      ['questions.order', 'id'],
      ['limit', '10'],
      ['offset', '5'],
      ['questions.limit', '2'],
      ['on_conflict', 'id'],
      ['columns', '"id","title"'],
    ]);
    expect(q.select).toHaveLength(2);
    expect(q.filters.map((f) => f.path)).toEqual([[], [], ['questions']]);
    expect(q.logic).toHaveLength(1);
    expect(q.order.map((o) => o.path)).toEqual([[], ['questions']]);
    expect(q.ranges.get('')).toEqual({ offset: 5, limit: 10 });
    expect(q.ranges.get('questions')).toEqual({ offset: 0, limit: 2 });
    expect(q.onConflict).toEqual(['id']);
    expect(q.columns).toEqual(['id', 'title']);
  });

  it('defaults select to * and ignores a non-numeric limit', () => {
    const q = parseQueryParams([['limit', 'abc']]);
    expect(q.select).toEqual([{ type: 'field', field: field('*') }]);
    expect(q.ranges.size).toBe(0);
  });

  it('refuses a negative limit', () => {
    expect(() => parseQueryParams([['limit', '-1']])).toThrow(NegativeLimitError);
  });

  it('separates RPC arguments from filters on GET /rpc', () => {
    const q = parseQueryParams(
      [
        ['query', 'cat'],
        ['id', 'gt.3'],
      ],
      true,
    );
    expect(q.rpcArgs).toEqual([['query', 'cat']]);
    expect(q.filters).toHaveLength(1);
  });
});
