import { awsService } from "@menu/core/adapters/aws-call";

export type ParameterValues = { values: Map<string, string>; invalid: string[] };

/** SSM Parameter Store's GetParameters: at most 10 names a call, as SSM allows; SecureStrings decrypted. */
export async function getParameters(names: string[], env = process.env): Promise<ParameterValues> {
  const call = awsService({ signingName: "ssm", endpointPrefix: "ssm", endpointEnv: "SSM", region: env.SST_REGION ?? env.AWS_REGION, endpoint: env.AWS_ENDPOINT_URL_SSM });
  const result: ParameterValues = { values: new Map(), invalid: [] };
  for (let i = 0; i < names.length; i += 10) {
    const answer = await call<{ Parameters?: { Name: string; Value: string }[]; InvalidParameters?: string[] }>({
      target: "AmazonSSM.GetParameters",
      body: { Names: names.slice(i, i + 10), WithDecryption: true },
    });
    for (const { Name, Value } of answer.Parameters ?? []) result.values.set(Name, Value);
    result.invalid.push(...(answer.InvalidParameters ?? []));
  }
  return result;
}
