/** Absolute links. Paths for accounts and transactions are not served (the spec does not define them) but are stable. */
export const links = {
  user: (base: string, userId: string) => `${base}/users/${userId}`,
  connection: (base: string, userId: string, connectionId: string) =>
    `${base}/users/${userId}/connections/${connectionId}`,
  connectionAccounts: (base: string, userId: string, connectionId: string) =>
    `${base}/users/${userId}/connections/${connectionId}/accounts`,
  connectionTransactions: (base: string, userId: string, connectionId: string) =>
    `${base}/users/${userId}/connections/${connectionId}/transactions`,
  account: (base: string, userId: string, accountId: string) =>
    `${base}/users/${userId}/accounts/${accountId}`,
  accountTransactions: (base: string, userId: string, accountId: string) =>
    `${base}/users/${userId}/accounts/${accountId}/transactions`,
  institution: (base: string, institutionId: string) => `${base}/institutions/${institutionId}`,
  job: (base: string, jobId: string) => `${base}/jobs/${jobId}`,
  expenses: (base: string, userId: string, expensesId: string) =>
    `${base}/users/${userId}/expenses/${expensesId}`,
  /** The link to the request itself, exactly as the client sent path and query. */
  request: (base: string, url: URL) => `${base}${url.pathname}${url.search}`,
};
