/**
 * Data paths built as a walk goes: a shared linked list from the leaf up,
 * turned into an array only for what is reported.
 */
import type { PathSegment } from "./offence.js";

/**
 * A path as a linked list from the leaf up, shared by every node below it,
 * so a deep walk allocates one node per step and materializes an array only
 * for what it reports.
 */
export interface PathNode {
  readonly parent: PathNode | null;
  readonly segment: PathSegment;
}

/** Extends a path by one segment. */
export function child(parent: PathNode | null, segment: PathSegment): PathNode {
  return { parent, segment };
}

/** The segments of a path, root first. */
export function segmentsOf(node: PathNode | null): PathSegment[] {
  const segments: PathSegment[] = [];
  for (let at = node; at !== null; at = at.parent) segments.push(at.segment);
  return segments.reverse();
}
