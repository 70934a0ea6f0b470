/** The oldest major version the platform supports. */
export declare const MIN_NODE_MAJOR: number;
/** The one line to print when `version` is too old; undefined when it will do. */
export declare function nodeTooOld(version: string, command?: string): string | undefined;
