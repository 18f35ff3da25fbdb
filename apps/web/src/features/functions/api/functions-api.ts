import type { CreateFunctionRequest, FixFunctionResponse, FunctionItem, RunFunctionResponse } from '@aisle/contracts/functions';
import { apiRequest } from '@/lib/api-client';

/** The function calls of spec §7 (REST); editing goes through the data API (update-function.ts). */
type Token = string | null;

export const createFunction = (token: Token, body: CreateFunctionRequest) =>
  apiRequest<FunctionItem>('/api/functions/create/', { body, token });

/** The server writes starter code and a tool definition from the description. */
export const initializeFunction = (token: Token, id: string) =>
  apiRequest<FunctionItem>('/api/functions/initialize/', { body: { id }, token });

/** A proposed correction; nothing is saved until the owner applies it. */
export const fixFunction = (token: Token, id: string) => apiRequest<FixFunctionResponse>('/api/functions/fix/', { body: { id }, token });

/** 200 even when the function failed (`ok: false`); 400 `{args}` or `{detail}` when it cannot run. */
export const runFunction = (token: Token, id: string, args: Record<string, unknown>) =>
  apiRequest<RunFunctionResponse>('/api/functions/run/', { body: { id, args }, token });

export const deleteFunction = (token: Token, id: string) => apiRequest<{ id: string }>('/api/functions/delete/', { body: { id }, token });
