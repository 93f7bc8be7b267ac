// The code one polled status costs: useRunStatus and the store behind it (compare useQuery, useSWR).
export { useRunStatus, TaskClientProvider } from '../../../src';
