import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { emailChangeRoutes } from './email-change.ts';
import { installPortalStepLimit } from './limits.ts';
import { passwordChangeRoutes } from './password-change.ts';
import { resetRoutes } from './reset.ts';
import { wizardRoutes } from './wizard.ts';

/** Case manager and passenger portal: the sign-in wizard, password reset and account credentials (spec 2 §7). */
export function portalAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  // the public steps, limited per client address on top of their own limits
  void app.register(async (limited) => {
    installPortalStepLimit(limited, deps);
    wizardRoutes(limited, deps);
    resetRoutes(limited, deps);
  });
  emailChangeRoutes(app, deps);
  passwordChangeRoutes(app, deps);
}
