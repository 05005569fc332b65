import { describeRound } from './mutation-rounds.ts';

describeRound('round-6');
