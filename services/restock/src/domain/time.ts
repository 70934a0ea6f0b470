// Timestamps as the API shows them (ISO 8601, UTC), from what the database drivers return.

export const iso = (value: Date | string): string => new Date(value).toISOString();
