import type { NextFunction, Request, Response } from 'express';
import { middlewareChain, type Middleware } from './middleware-chain';

const req = {} as Request;
const res = {} as Response;

function run(steps: Middleware[]): { done: unknown[][] } {
  const done: unknown[][] = [];
  void middlewareChain(steps)(req, res, ((...args: unknown[]) => done.push(args)) as NextFunction);
  return { done };
}

describe('middlewareChain', () => {
  it('runs the steps in order, then hands over to Express with no argument', () => {
    const order: number[] = [];
    const { done } = run([
      (_q, _s, next) => (order.push(1), next()),
      (_q, _s, next) => (order.push(2), next('route')),
      (_q, _s, next) => (order.push(3), setImmediate(() => next())),
    ]);
    expect(order).toEqual([1, 2, 3]);
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(done).toEqual([[]]);
        resolve();
      }),
    );
  });

  it('leaves at the first error passed to next or thrown, skipping the later steps', () => {
    const later = jest.fn();
    const error = new Error('refused');
    expect(run([(_q, _s, next) => next(error), later]).done).toEqual([[error]]);
    expect(
      run([
        () => {
          throw error;
        },
        later,
      ]).done,
    ).toEqual([[error]]);
    expect(later).not.toHaveBeenCalled();
  });

  it('ends there when a step answers without calling next', () => {
    const later = jest.fn();
    expect(run([() => undefined, later]).done).toEqual([]);
    expect(later).not.toHaveBeenCalled();
  });

  // Express 5 sends a middleware's rejected promise to its error handling; one layer for all the steps
  // must do the same, or an async step's failure would leave the request unanswered.
  it('leaves with the reason of a step whose returned promise rejects, as Express 5 does', async () => {
    const later = jest.fn();
    const error = new Error('refused later');
    const asyncStep: Middleware = async () => {
      await Promise.resolve();
      throw error;
    };
    const { done } = run([asyncStep, later]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual([[error]]);
    expect(later).not.toHaveBeenCalled();
  });
});
