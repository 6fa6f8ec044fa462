import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DeferredWork } from './deferred-work';

function hostOf(state: { tx: object | undefined }): TransactionHost<TransactionalAdapterTypeOrm> {
  return {
    isTransactionActive: () => state.tx !== undefined,
    get tx() {
      return state.tx;
    },
  } as unknown as TransactionHost<TransactionalAdapterTypeOrm>;
}

describe('DeferredWork', () => {
  it('should refuse to gather when no batch is open', () => {
    const work = new DeferredWork(hostOf({ tx: {} }));
    expect(work.collect('k', 1, () => Promise.resolve())).toBe(false);
    expect(new DeferredWork(hostOf({ tx: undefined })).collect('k', 1, () => Promise.resolve())).toBe(false);
  });

  it('should flush each key once with its items in order when the batch ends', async () => {
    const work = new DeferredWork(hostOf({ tx: {} }));
    const flushed: Array<[string, number[]]> = [];
    const result = await work.batch(async () => {
      for (const n of [1, 2, 3]) {
        expect(work.collect('a', n, (items) => Promise.resolve(void flushed.push(['a', items])))).toBe(true);
      }
      work.collect('b', 9, (items) => Promise.resolve(void flushed.push(['b', items])));
      await Promise.resolve();
      expect(flushed).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(flushed).toEqual([
      ['a', [1, 2, 3]],
      ['b', [9]],
    ]);
  });

  it('should run what a flush gathers before the batch returns', async () => {
    const work = new DeferredWork(hostOf({ tx: {} }));
    const flushed: string[] = [];
    await work.batch(() => {
      work.collect('first', 1, () => {
        flushed.push('first');
        work.collect('second', 2, () => Promise.resolve(void flushed.push('second')));
        return Promise.resolve();
      });
      return Promise.resolve();
    });
    expect(flushed).toEqual(['first', 'second']);
  });

  it('should flush nothing and close the batch when the work fails', async () => {
    const work = new DeferredWork(hostOf({ tx: {} }));
    const flush = jest.fn(() => Promise.resolve());
    await expect(
      work.batch(() => {
        work.collect('k', 1, flush);
        return Promise.reject(new Error('report refused'));
      }),
    ).rejects.toThrow('report refused');
    expect(flush).not.toHaveBeenCalled();
    expect(work.collect('k', 2, flush)).toBe(false);
  });
});
