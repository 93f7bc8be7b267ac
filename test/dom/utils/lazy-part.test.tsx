/**
 * A part loaded when first shown whose chunk fails to load (offline, a new deployment) must not take
 * the page down: React throws a rejected `lazy` into the nearest error boundary, and an app may have
 * none, which blanks the whole page.
 */
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPart } from '../../../src/utils/react';

afterEach(() => {
  vi.useRealTimers();
});

it('keeps its placeholder while its chunk fails to load, and shows the part once a later try loads it', async () => {
  vi.useFakeTimers();
  const tries: string[] = [];
  const Part = lazyPart(() => {
    tries.push('try');
    if (tries.length < 3) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    return Promise.resolve(function Loaded() {
      return <p>The part</p>;
    });
  });
  render(
    <main>
      <h1>The page</h1>
      <Suspense fallback={<p aria-busy="true">Loading</p>}>
        <Part />
      </Suspense>
    </main>,
  );
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  expect(tries).toHaveLength(1);
  expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
  expect(screen.getByText('Loading')).toBeInTheDocument();

  await act(async () => {
    await vi.advanceTimersByTimeAsync(3000);
  });
  expect(tries).toHaveLength(2);
  expect(screen.getByText('Loading')).toBeInTheDocument();

  await act(async () => {
    await vi.advanceTimersByTimeAsync(3000);
  });
  expect(tries).toHaveLength(3);
  expect(screen.getByText('The part')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
});
