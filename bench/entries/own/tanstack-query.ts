// What a useQuery needs from TanStack Query, without React.
export { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
