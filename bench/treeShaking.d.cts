/** Types of bench/treeShaking.cjs for the TypeScript tests that load it. */
export interface Statement {
  file: string;
  names: string[];
  effect: string | undefined;
  refs: Set<string>;
}
export interface ChunkReport {
  chunk: string;
  bytes: number;
  held: string[];
  extra: string[];
  effects: { file: string; effect: string; reaches: string[] }[];
  keptByEffects: string[];
}
export declare function statementsOf(text: string): Statement[];
export declare function treeShakingReport(
  contents: string,
  from: string,
  srcInputs: Record<string, { bytesInOutput: number }>,
): Promise<{ chunks: ChunkReport[]; redux: string[]; endpointOrStore: string[] }>;
export declare function isEndpointOrStore(file: string): boolean;
export declare function sourceFilesHeld(contents: string, from: string): Promise<string[]>;
