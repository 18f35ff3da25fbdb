import type { FunctionItem } from '@aisle/contracts/functions';
import { useCollection } from '@/app/startup-data/startup-data-provider';

/** The owner's functions: the live start-up collection (spec §4), without their code. */
export const useFunctions = () => useCollection<FunctionItem>('functions');
