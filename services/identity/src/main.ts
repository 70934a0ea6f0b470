import { runService } from '@sc/platform';
import { identityService } from './app.js';

await runService(identityService);
