import { endpointName, mockOwnGroup, operations } from '../../operations/table.ts';
import type { ClientRequirementId } from '../../requirements/requirement-ids.generated.ts';
import { judged, shown, type ClientJudgement, type ClientRequest } from './request.ts';

/**
 * The rules on request bodies: the token request's form (CLIENT-05), the JSON bodies' labels and shape
 * (CLIENT-13 to CLIENT-15) and the members of each (CLIENT-16 to CLIENT-19, CLIENT-24 to CLIENT-28). In a
 * file of their own because none is judged when the observer did not read the body (`body` undefined).
 * Messages name members, never repeat a password, an e-mail address or a mobile number.
 */

/** Every requirement judged here, none of them judged on a request whose body was not read. */
export const bodyRequirements: readonly ClientRequirementId[] = [
  'CLIENT-05',
  'CLIENT-13',
  'CLIENT-14',
  'CLIENT-15',
  'CLIENT-16',
  'CLIENT-17',
  'CLIENT-18',
  'CLIENT-19',
  'CLIENT-24',
  'CLIENT-25',
  'CLIENT-26',
  'CLIENT-27',
  'CLIENT-28',
];

const scopes = ['SERVER_ACCESS', 'CLIENT_ACCESS'];

const month = /^\d{4}-(0[1-9]|1[0-2])$/;

/** International format: a plus, then digits, groups separated by single spaces allowed (AMB-CLIENT-07). */
export const internationalMobile = /^\+\d+( \d+)*$/;

export const isJsonMediaType = (mediaType: string) =>
  mediaType === 'application/json' || /^application\/[^/]+\+json$/.test(mediaType);

type Members = Record<string, unknown>;

/** A member given: null reads as absent (AMB-CLIENT-06). */
const given = (body: Members, name: string) => body[name] !== undefined && body[name] !== null;

function judgeScope(bodyText: string): ClientJudgement {
  const sent = new URLSearchParams(bodyText).getAll('scope');
  const message =
    sent.length === 0
      ? "POST /token's form body has no scope"
      : sent.length > 1
        ? `POST /token's form body has ${sent.length} scopes; one is sent`
        : scopes.includes(sent[0]!)
          ? undefined
          : `POST /token's scope is ${shown(sent[0])}, not SERVER_ACCESS or CLIENT_ACCESS`;
  return judged('CLIENT-05', message);
}

/** What the required body of POST /users and the connection update must hold, for a message. */
const requiredMembers: Record<string, string> = {
  createUser: 'email or mobile',
  updateConnection: 'password',
};

function judgeUser(body: Members): ClientJudgement[] {
  const judgements = [
    judged(
      'CLIENT-16',
      given(body, 'email') || given(body, 'mobile')
        ? undefined
        : 'POST /users carries neither email nor mobile',
    ),
  ];
  const wrong: string[] = [];
  if (given(body, 'email') && (typeof body.email !== 'string' || body.email.trim() === ''))
    wrong.push(typeof body.email === 'string' ? 'email is empty' : 'email is not a string');
  for (const name of ['firstName', 'lastName'])
    if (given(body, name) && typeof body[name] !== 'string') wrong.push(`${name} is not a string`);
  judgements.push(judged('CLIENT-17', wrong.length === 0 ? undefined : `POST /users: ${wrong.join('; ')}`));
  if (given(body, 'mobile')) {
    judgements.push(
      judged(
        'CLIENT-18',
        typeof body.mobile === 'string' && internationalMobile.test(body.mobile)
          ? undefined
          : `POST /users's mobile is ${typeof body.mobile === 'string' ? 'not in international format (+[country-code][mobile number])' : 'not a string'}`,
      ),
    );
  }
  if (typeof body.email === 'string' && body.email.trim() !== '') {
    judgements.push(
      judged(
        'CLIENT-19',
        /^[^\s@]+@[^\s@]+$/.test(body.email)
          ? undefined
          : "POST /users's email has no shape of an address (something@something)",
      ),
    );
  }
  return judgements;
}

function judgeConnectionUpdate(body: Members, line: string): ClientJudgement[] {
  const password = body.password;
  const judgements = [
    judged(
      'CLIENT-24',
      typeof password === 'string' && password !== ''
        ? undefined
        : `${line} carries ${!given(body, 'password') ? 'no password' : typeof password === 'string' ? 'an empty password' : 'a password that is not a string'}`,
    ),
  ];
  const wrong = ['securityCode', 'secondaryLoginId'].filter(
    (name) => given(body, name) && typeof body[name] !== 'string',
  );
  judgements.push(
    judged('CLIENT-25', wrong.length === 0 ? undefined : `${line}: ${wrong.join(' and ')} not a string`),
  );
  return judgements;
}

function judgeExpenses(body: Members, line: string): ClientJudgement[] {
  const wrong = ['fromMonth', 'toMonth'].filter(
    (name) => given(body, name) && !(typeof body[name] === 'string' && month.test(body[name])),
  );
  const judgements = [
    judged(
      'CLIENT-26',
      wrong.length === 0
        ? undefined
        : `${line}: ${wrong.map((name) => `${name} ${shown(body[name])}`).join(', ')} not YYYY-MM`,
    ),
  ];
  const accounts = body.accounts;
  judgements.push(
    judged(
      'CLIENT-27',
      !given(body, 'accounts') ||
        (Array.isArray(accounts) && accounts.every((account) => typeof account === 'string'))
        ? undefined
        : `${line}: accounts is ${Array.isArray(accounts) ? 'an array holding something other than strings' : 'not an array of strings'}`,
    ),
  );
  const { fromMonth, toMonth } = body;
  if (
    typeof fromMonth === 'string' &&
    typeof toMonth === 'string' &&
    month.test(fromMonth) &&
    month.test(toMonth)
  ) {
    judgements.push(
      judged(
        'CLIENT-28',
        fromMonth <= toMonth ? undefined : `${line}: fromMonth ${fromMonth} is after toMonth ${toMonth}`,
      ),
    );
  }
  return judgements;
}

export function judgeBodies(request: ClientRequest): ClientJudgement[] {
  const { operation, bodyText } = request;
  if (operation === undefined || bodyText === undefined) return [];
  if (operation === 'issueToken') return [judgeScope(bodyText)];
  if (!('body' in operations[operation]) || operations[operation].body !== 'json') return [];
  // The spec's rules on bodies are about the spec's endpoints, not the mock's extensions (create a connection).
  if (operations[operation].group === mockOwnGroup) return [];
  const line = endpointName(operation);
  const json = request.json()!;
  const judgements: ClientJudgement[] = [];
  if (json.kind !== 'empty') {
    const mediaType = request.mediaType;
    judgements.push(
      judged(
        'CLIENT-13',
        mediaType === undefined || isJsonMediaType(mediaType)
          ? undefined
          : `${line}'s JSON body is labelled ${mediaType}`,
      ),
      judged('CLIENT-14', mediaType !== undefined ? undefined : `${line} sends a body with no Content-Type`),
    );
  }
  const object =
    json.kind === 'value' &&
    typeof json.value === 'object' &&
    json.value !== null &&
    !Array.isArray(json.value);
  if (json.kind === 'empty') {
    const needs = requiredMembers[operation];
    // The expenses POST's members are "all optional in effect": no body at all is one reading (AMB-CLIENT-05).
    judgements.push(
      judged(
        'CLIENT-15',
        needs === undefined
          ? undefined
          : `${line} sends an empty body${request.mediaType ? ` labelled ${request.mediaType}` : ''}; it needs a JSON object with ${needs}`,
      ),
    );
    return judgements;
  }
  judgements.push(
    judged(
      'CLIENT-15',
      object
        ? undefined
        : `${line}'s body is ${json.kind === 'invalid' ? 'not JSON' : 'JSON but not an object'}`,
    ),
  );
  if (!object) return judgements;
  const body = (json as { value: Members }).value;
  if (operation === 'createUser') judgements.push(...judgeUser(body));
  if (operation === 'updateConnection') judgements.push(...judgeConnectionUpdate(body, line));
  if (operation === 'createExpenses') judgements.push(...judgeExpenses(body, line));
  return judgements;
}
