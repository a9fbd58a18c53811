import { queryOptions } from '@tanstack/react-query';
import { loadConfig } from './app-config';

export const configKeys = { all: ['config'] as const };

export const configQuery = () =>
  queryOptions({
    queryKey: configKeys.all,
    queryFn: () => loadConfig(),
    staleTime: Infinity,
  });
