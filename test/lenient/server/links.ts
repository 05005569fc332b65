import { BASE_PATH } from '../world/world.ts';

/** Links are host-relative paths under the API prefix. */
export function link(path: string): string {
  return `${BASE_PATH}${path}`;
}

export function enc(segment: string): string {
  return encodeURIComponent(segment);
}
