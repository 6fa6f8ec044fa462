import { MaxLength, IsOptional, IsString } from 'class-validator';
import { ApiError } from './api-error';
import { ArrayBodyPipe, parseArrayBody } from './array-body';
import { CommonErrors } from './error-codes';

class Entry {
  @IsOptional()
  @IsString()
  @MaxLength(4)
  name?: string;
}

function refusal(run: () => unknown): { errorCode?: string; detail: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { errorCode: error.errorCode, detail: error.detail };
    throw error;
  }
  throw new Error('not refused');
}

const rules = { firstField: '[0].id', max: { count: 2, what: 'users' } };
const ids = (body: unknown) =>
  parseArrayBody(body, rules, (item, at) => `${at}:${(item as { id: string }).id}`);

describe('parseArrayBody', () => {
  it('should give each element with its position when the body is a non-empty array of objects', () => {
    expect(ids([{ id: 'a' }, { id: 'b' }])).toEqual(['[0]:a', '[1]:b']);
  });

  it('should refuse naming the body, the first field or the cap when the array itself is wrong', () => {
    expect(refusal(() => ids({ id: 'a' }))).toMatchObject({ errorCode: 'INVALID_JSON_ATTRIBUTE' });
    expect(refusal(() => ids([])).detail).toContain('[0].id');
    expect(refusal(() => ids([{}, {}, {}])).detail).toContain('at most 2 users');
  });

  it('should name the first bad element when an earlier one is fine and a later one is not an object', () => {
    const seen: string[] = [];
    const run = () => parseArrayBody([{}, 7, null], {}, (_item, at) => seen.push(at));
    expect(refusal(run)).toMatchObject({ errorCode: 'INVALID_JSON_ATTRIBUTE' });
    expect(refusal(run).detail).toContain('[1]');
    expect(seen[0]).toBe('[0]');
  });
});

describe('ArrayBodyPipe', () => {
  const pipe = new ArrayBodyPipe(Entry, {
    refuse: () => CommonErrors.VALIDATION_ERROR('body', 'an array of entries'),
  });

  it('should build each element as its request class when every element validates', () => {
    const [entry] = pipe.transform([{ name: 'ok' }]);
    expect(entry).toBeInstanceOf(Entry);
    expect(entry.name).toBe('ok');
  });

  it('should refuse with the given error when the body or an element has the wrong shape', () => {
    expect(refusal(() => pipe.transform('x')).errorCode).toBe('VALIDATION_ERROR');
    expect(refusal(() => pipe.transform([[]])).errorCode).toBe('VALIDATION_ERROR');
  });

  it('should refuse an unknown field or a failed rule naming the field when an element is invalid', () => {
    expect(refusal(() => pipe.transform([{ extra: 1 }]))).toMatchObject({ errorCode: 'INVALID_ATTRIBUTE' });
    expect(refusal(() => pipe.transform([{ name: 'too long' }])).detail).toContain('name');
  });
});
