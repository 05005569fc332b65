/**
 * Whether a link names a resource: the resource's id is one of the link's path segments or query values,
 * percent-decoded. Links may be absolute or relative and of any form the service likes; a link that names
 * a resource by its id at all is accepted, and only a link naming it nowhere (another resource's, the
 * list's) is not. Shared by the users, connections and affordability suites.
 */
export function linkNames(link: unknown, id: unknown): boolean {
  if (typeof link !== 'string' || typeof id !== 'string' || id === '') return false;
  let url: URL;
  try {
    url = new URL(link, 'http://relative.invalid/');
  } catch {
    return false;
  }
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  return (
    url.pathname.split('/').some((segment) => decode(segment) === id) ||
    [...url.searchParams.values()].includes(id)
  );
}
