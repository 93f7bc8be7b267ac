// useSWR, without React.
export { default as useSWR } from 'swr';
