/** Turns in-memory records into the JSON resources of the spec. */
import { links } from './links.ts';
import { formatCents } from './money.ts';
import type { Account, Connection, Institution, Job, Transaction, User, World } from './model.ts';

export function presentUser(base: string, user: User): unknown {
  return {
    type: 'user',
    id: user.id,
    ...(user.email === undefined ? {} : { email: user.email }),
    ...(user.mobile === undefined ? {} : { mobile: user.mobile }),
    ...(user.firstName === undefined ? {} : { firstName: user.firstName }),
    ...(user.lastName === undefined ? {} : { lastName: user.lastName }),
    links: { self: links.user(base, user.id) },
  };
}

export function presentInstitution(base: string, institution: Institution): unknown {
  return {
    type: 'institution',
    id: institution.id,
    name: institution.name,
    shortName: institution.shortName,
    institutionType: institution.institutionType,
    country: institution.country,
    serviceName: institution.serviceName,
    serviceType: institution.serviceType,
    loginIdCaption: institution.loginIdCaption,
    passwordCaption: institution.passwordCaption,
    tier: institution.tier,
    authorization: institution.authorization,
    features: {
      login: institution.login,
      accounts: institution.accountFeatures,
      transactions: institution.transactionFeatures,
      profile: institution.profileFeatures,
    },
    forgottenPasswordUrl: institution.forgottenPasswordUrl,
    stage: institution.stage,
    status: institution.status,
    stats: { averageDurationMs: institution.stats },
    logo: {
      type: 'image',
      colors: institution.logoColors,
      links: {
        square: `https://logos.example.com/institutions/${institution.id}/square.svg`,
        full: `https://logos.example.com/institutions/${institution.id}/full.svg`,
      },
    },
    links: { self: links.institution(base, institution.id) },
  };
}

function institutionReference(base: string, institutionId: string): unknown {
  return { type: 'institution', id: institutionId, links: { self: links.institution(base, institutionId) } };
}

export function presentAccount(base: string, account: Account): unknown {
  return {
    type: 'account',
    id: account.id,
    accountNo: account.accountNo,
    name: account.name,
    currency: account.currency,
    balance: formatCents(account.balanceCents),
    availableFunds: formatCents(account.availableCents),
    lastUpdated: account.lastUpdated,
    class: { type: account.classType, product: account.product },
    status: account.status,
    links: {
      self: links.account(base, account.userId, account.id),
      transactions: links.accountTransactions(base, account.userId, account.id),
    },
  };
}

/** The list form: no profile, mfaEnabled or embedded accounts, but an institution link. */
export function presentConnectionSummary(base: string, connection: Connection): unknown {
  return {
    type: 'connection',
    id: connection.id,
    status: connection.status,
    createdDate: connection.createdDate,
    lastUsed: connection.lastUsed,
    institution: institutionReference(base, connection.institutionId),
    links: {
      self: links.connection(base, connection.userId, connection.id),
      accounts: links.connectionAccounts(base, connection.userId, connection.id),
      transactions: links.connectionTransactions(base, connection.userId, connection.id),
      institution: links.institution(base, connection.institutionId),
    },
  };
}

export function presentConnectionDetail(base: string, world: World, connection: Connection): unknown {
  const accounts = connection.accountIds.flatMap((id) => {
    const account = world.accounts.get(id);
    return account ? [presentAccount(base, account)] : [];
  });
  return {
    type: 'connection',
    id: connection.id,
    status: connection.status,
    createdDate: connection.createdDate,
    lastUsed: connection.lastUsed,
    mfaEnabled: connection.mfaEnabled,
    profile: connection.profile,
    institution: institutionReference(base, connection.institutionId),
    accounts: { type: 'list', data: accounts },
    links: {
      self: links.connection(base, connection.userId, connection.id),
      accounts: links.connectionAccounts(base, connection.userId, connection.id),
      transactions: links.connectionTransactions(base, connection.userId, connection.id),
    },
  };
}

export function presentTransaction(base: string, world: World, tx: Transaction): unknown {
  const merchant = tx.class === 'payment' ? world.merchants.find((m) => m.id === tx.merchantId) : undefined;
  const userId = world.accounts.get(tx.accountId)?.userId ?? '';
  return {
    type: 'transaction',
    id: tx.id,
    status: tx.status,
    description: tx.description,
    amount: formatCents(tx.amountCents),
    account: tx.accountId,
    balance: formatCents(tx.balanceCents),
    direction: tx.direction,
    class: tx.class,
    institution: tx.institutionId,
    transactionDate: tx.transactionDate,
    postDate: tx.postDate,
    subClass: merchant ? { title: merchant.category.classTitle, code: merchant.category.classCode } : null,
    links: {
      account: links.account(base, userId, tx.accountId),
      institution: links.institution(base, tx.institutionId),
    },
  };
}

/** How long each job step takes; progress is derived from the clock, so polling shows it move. */
const JOB_STEP_MS = 400;
const STEP_TITLES = ['verify-credentials', 'retrieve-accounts', 'retrieve-transactions'] as const;

export function presentJob(base: string, job: Job, nowMs: number): unknown {
  const elapsedSteps = Math.floor((nowMs - job.createdMs) / JOB_STEP_MS);
  // A refused password stops the job after the first step; later steps never start.
  const lastStep = job.credentialsAccepted ? STEP_TITLES.length : 1;
  const finishedSteps = Math.min(elapsedSteps, lastStep);
  const resultUrls = [
    links.connection(base, job.userId, job.connectionId),
    links.connectionAccounts(base, job.userId, job.connectionId),
    links.connectionTransactions(base, job.userId, job.connectionId),
  ];
  const steps = STEP_TITLES.map((title, index) => {
    if (index < finishedSteps) {
      const failed = !job.credentialsAccepted && index === 0;
      return {
        title,
        status: failed ? 'failed' : 'success',
        result: failed ? null : { type: 'link', url: resultUrls[index] ?? '' },
      };
    }
    const running = index === finishedSteps && finishedSteps < lastStep;
    return { title, status: running ? 'in-progress' : 'pending', result: null };
  });
  return {
    type: 'job',
    id: job.id,
    created: new Date(job.createdMs).toISOString(),
    updated: new Date(job.createdMs + finishedSteps * JOB_STEP_MS).toISOString(),
    steps,
    links: {
      self: links.job(base, job.id),
      source: links.connection(base, job.userId, job.connectionId),
    },
  };
}
