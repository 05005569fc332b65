import { budgetUnderLoad } from './budget-under-load.ts';
const runs = await budgetUnderLoad(10, 20);
for (const r of runs)
  console.log(
    `${r.requests} requests, at most ${r.busiest} in any one second, ${r.meanRate.toFixed(1)}/s, exit ${r.exitCode}`,
  );
console.log(
  `max ${Math.max(...runs.map((r) => r.busiest))}, lowest mean ${Math.min(...runs.map((r) => r.meanRate)).toFixed(1)}`,
);
