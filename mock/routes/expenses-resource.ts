import { detail, notFound, quoted } from '../errors.ts';
import type { RouteHandler } from '../router.ts';
import { requireUser } from './connections.ts';

/**
 * GET /users/{user.id}/expenses/{id}, the mock's own: where an expenses resource's links.self points. The
 * resource as POST /users/{user.id}/expenses created it, for the user it was created for; the mock keeps
 * the most recent ones only (mock/state.ts).
 */
export const getExpenses: RouteHandler = {
  handle(request, context) {
    const userId = requireUser(request.params.userId, context);
    const expenses = context.state.expenses.get(request.params.expensesId ?? '');
    if (expenses?.userId !== userId) {
      const known = 'the user has no expenses resource with this id';
      throw notFound('expenses.id', detail.unknown('expenses.id', quoted(request.params.expensesId), known));
    }
    return { status: 200, body: expenses.resource };
  },
};
