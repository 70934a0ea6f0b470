import { runService } from '@sc/platform';
import { formsService } from './app.js';

await runService(formsService);
