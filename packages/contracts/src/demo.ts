// The demo website: seeded on embedded mode's first start and by `pnpm seed`, never otherwise.
// Requests whose Host matches no website's domain are served this website's pages.
export const DEMO_WEBSITE_ID = 'demo';
export const DEMO_OWNER = { email: 'owner@example.com', password: 'owner-demo-1234' } as const;
export const DEMO_SITE_USER = { email: 'visitor@example.com', password: 'visitor-demo-1234' } as const;
