/**
 * A reader of junit.xml as a strict consumer reads it: a small XML parser (well-formedness, entity and
 * character references, characters XML 1.0 forbids) and the element and attribute structure of the JUnit
 * XSD that Jenkins' xunit plugin and Maven Surefire publish (testsuites > testsuite > testcase > failure,
 * error, skipped or Surefire's flakyFailure), with counts that add up. No XML package is installed, and
 * junit.xml uses only elements, attributes and text, so this much is enough to hold it to the schema.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data, references decoded. */
  text: string;
}

const forbidden =
  // eslint-disable-next-line no-control-regex -- finding these control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Character data or an attribute value with its references decoded; a bare `&` or `<` is an error. */
function decoded(raw: string, where: string): string {
  if (raw.includes('<')) throw new Error(`${where}: a bare "<"`);
  return raw.replace(/&([^;]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new Error(`${where}: a bare "&"`);
    const code = /^#x([0-9a-f]+)$/i.exec(ref)?.[1];
    const decimal = /^#(\d+)$/.exec(ref)?.[1];
    const char =
      code !== undefined
        ? String.fromCodePoint(parseInt(code, 16))
        : decimal !== undefined
          ? String.fromCodePoint(Number(decimal))
          : named[ref];
    if (char === undefined || forbidden.test(char)) throw new Error(`${where}: bad reference "${whole}"`);
    return char;
  });
}

/** Parses an XML document of elements, attributes, text and comments; throws on anything ill-formed. */
export function parseXml(xml: string): XmlElement {
  if (forbidden.test(xml)) throw new Error('a character XML 1.0 forbids');
  const body = xml.replace(/^<\?xml [^?]*\?>/, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const token =
    /<!--[\s\S]*?-->|<\/([A-Za-z][\w.-]*)\s*>|<([A-Za-z][\w.-]*)((?:\s+[A-Za-z][\w.-]*="[^"]*")*)\s*(\/?)>|[^<]+/gy;
  let match: RegExpExecArray | null;
  while (token.lastIndex < body.length) {
    const at = token.lastIndex;
    match = token.exec(body);
    if (!match) throw new Error(`ill-formed at ${at}: ${body.slice(at, at + 40)}`);
    const [whole, closing, opening, attributeText, selfClosing] = match;
    const parent = stack.at(-1);
    if (whole.startsWith('<!--')) continue;
    if (closing !== undefined) {
      if (parent?.name !== closing) throw new Error(`</${closing}> closes <${parent?.name}>`);
      stack.pop();
      continue;
    }
    if (opening === undefined) {
      const text = decoded(whole, `text in <${parent?.name}>`);
      if (parent) parent.text += text;
      else if (text.trim() !== '') throw new Error('text outside the root element');
      continue;
    }
    if (!parent && root) throw new Error('a second root element');
    const attributes: Record<string, string> = {};
    for (const [, name, value] of (attributeText ?? '').matchAll(/([A-Za-z][\w.-]*)="([^"]*)"/g)) {
      if (name === undefined || value === undefined) continue;
      if (name in attributes) throw new Error(`<${opening}> repeats ${name}`);
      attributes[name] = decoded(value, `<${opening} ${name}>`);
    }
    const element: XmlElement = { name: opening, attributes, children: [], text: '' };
    if (parent) parent.children.push(element);
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (!root || stack.length > 0) throw new Error(`unclosed <${stack.at(-1)?.name ?? 'root'}>`);
  return root;
}

const anything = /^/;
const count = /^\d+$/;
const decimal = /^\d+(\.\d+)?$/;
const outcomes = ['failure', 'error', 'skipped', 'flakyFailure'];

/** Where an element breaks the schema: an unknown or missing attribute, a malformed number, a stray child. */
function attributeProblems(
  element: XmlElement,
  where: string,
  required: Record<string, RegExp>,
  optional: Record<string, RegExp>,
): string[] {
  const problems: string[] = [];
  for (const [name, shape] of Object.entries(required))
    if (element.attributes[name] === undefined) problems.push(`${where}: no ${name}`);
    else if (!shape.test(element.attributes[name] as string))
      problems.push(`${where}: ${name} is not ${shape}`);
  for (const [name, value] of Object.entries(element.attributes))
    if (!(name in required) && !(name in optional)) problems.push(`${where}: unknown attribute ${name}`);
    else if (!(name in required) && !(optional[name] as RegExp).test(value))
      problems.push(`${where}: ${name} is not ${optional[name]}`);
  return problems;
}

/** The tallies a testsuite's (or testsuites') attributes must state, from its test cases. */
function tallies(
  testcases: readonly XmlElement[],
): Record<'tests' | 'failures' | 'errors' | 'skipped', number> {
  const having = (name: string) => testcases.filter((t) => t.children.some((c) => c.name === name)).length;
  return {
    tests: testcases.length,
    failures: having('failure'),
    errors: having('error'),
    skipped: having('skipped'),
  };
}

function tallyProblems(element: XmlElement, where: string, testcases: readonly XmlElement[]): string[] {
  return Object.entries(tallies(testcases))
    .filter(([name, n]) => element.attributes[name] !== undefined && Number(element.attributes[name]) !== n)
    .map(([name, n]) => `${where}: ${name}="${element.attributes[name]}", but ${n} test cases say so`);
}

function testcaseProblems(testcase: XmlElement, where: string): string[] {
  const problems = attributeProblems(testcase, where, { name: /./, classname: /./ }, { time: decimal });
  const results = testcase.children.filter((c) => outcomes.includes(c.name));
  for (const child of testcase.children) {
    const at = `${where} > ${child.name}`;
    if (!outcomes.includes(child.name) && !['system-out', 'system-err'].includes(child.name))
      problems.push(`${at}: not allowed in a testcase`);
    if (!outcomes.includes(child.name)) continue;
    problems.push(...attributeProblems(child, at, {}, { message: anything, type: anything }));
    // Surefire's flakyFailure holds its text in a <stackTrace>; the others hold text only.
    const allowed = child.name === 'flakyFailure' ? ['stackTrace', 'system-out', 'system-err'] : [];
    for (const inner of child.children)
      if (!allowed.includes(inner.name)) problems.push(`${at}: <${inner.name}> not allowed`);
  }
  // One verdict per test case: a failure, an error or a skip, at most one; a flaky failure only on a pass.
  const final = results.filter((c) => c.name !== 'flakyFailure');
  if (final.length > 1) problems.push(`${where}: ${final.map((c) => c.name).join(' and ')}`);
  if (final.length > 0 && results.length > final.length)
    problems.push(`${where}: flakyFailure on a non-pass`);
  return problems;
}

/** Everything in a junit.xml that the JUnit XSD would reject, or whose counts do not add up; none is good. */
export function junitSchemaProblems(xml: string): string[] {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    return [`not XML: ${(error as Error).message}`];
  }
  if (root.name !== 'testsuites') return [`the root is <${root.name}>, not <testsuites>`];
  const tally = { tests: count, failures: count, errors: count, skipped: count };
  const problems = attributeProblems(
    root,
    'testsuites',
    {},
    { name: /./, ...tally, time: decimal, timestamp: /./ },
  );
  const all: XmlElement[] = [];
  for (const suite of root.children) {
    const where = `testsuite "${suite.attributes.name ?? ''}"`;
    if (suite.name !== 'testsuite') {
      problems.push(`testsuites: <${suite.name}> not allowed`);
      continue;
    }
    problems.push(
      ...attributeProblems(suite, where, { name: /./, ...tally }, { time: decimal, timestamp: /./ }),
    );
    const testcases = suite.children.filter((c) => c.name === 'testcase');
    for (const child of suite.children)
      if (!['testcase', 'properties', 'system-out', 'system-err'].includes(child.name))
        problems.push(`${where}: <${child.name}> not allowed`);
    for (const testcase of testcases)
      problems.push(...testcaseProblems(testcase, `${where} > testcase "${testcase.attributes.name ?? ''}"`));
    problems.push(...tallyProblems(suite, where, testcases));
    all.push(...testcases);
  }
  problems.push(...tallyProblems(root, 'testsuites', all));
  return problems;
}

/** A junit.xml's totals, as a JUnit consumer deciding a build reads them. */
export function junitTotals(xml: string): {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
} {
  const { attributes } = parseXml(xml);
  const n = (name: string) => Number(attributes[name]);
  return { tests: n('tests'), failures: n('failures'), errors: n('errors'), skipped: n('skipped') };
}
