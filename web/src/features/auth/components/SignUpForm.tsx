import { Alert, Button, List, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { registerForm } from '@caseload/contract/auth';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage, serverFieldErrors } from '../../../lib/api.ts';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';
import { notify } from '../../../lib/toaster.ts';
import { useRegister } from '../api/auth.ts';

const fieldLabels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  accountName: 'Organization Name',
  password: 'Password',
  confirmPassword: 'Confirm Password',
} as const;
type SignUpField = keyof typeof fieldLabels;

const emptyForm: Record<SignUpField, string> = {
  firstName: '',
  lastName: '',
  email: '',
  accountName: '',
  password: '',
  confirmPassword: '',
};

export function SignUpForm() {
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const register = useRegister();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = registerForm.safeParse({ ...values, role: 'slp' });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    // The confirmation is checked here and never sent.
    const { email, password, firstName, lastName, accountName, role } = parsed.data;
    register.mutate({ email, password, firstName, lastName, accountName, role }, {
      onSuccess: () => {
        notify.success({ title: 'Registration successful', description: 'Welcome to Caseload.' });
        void navigate('/', { replace: true });
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        setFailure(`Registration failed: ${errorMessage(error, error.message)}`);
      },
    });
  };

  const field = (name: SignUpField) => ({
    label: fieldLabels[name],
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name],
  });
  const invalidFields = (Object.keys(fieldLabels) as SignUpField[]).filter((name) => errors[name]);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        {invalidFields.length > 0 && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Please correct the following fields:</Alert.Title>
              <List.Root ps="4">
                {invalidFields.map((name) => (
                  <List.Item key={name}>{fieldLabels[name]}</List.Item>
                ))}
              </List.Root>
            </Alert.Content>
          </Alert.Root>
        )}
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField {...field('firstName')} autoComplete="given-name" />
          <TextField {...field('lastName')} autoComplete="family-name" />
        </SimpleGrid>
        <TextField {...field('email')} type="email" autoComplete="email" />
        <TextField {...field('accountName')} autoComplete="organization" />
        <TextField
          {...field('password')}
          type="password"
          autoComplete="new-password"
          helperText="At least 12 characters with upper- and lower-case letters, a number and one of @$!%*?&."
        />
        <TextField {...field('confirmPassword')} type="password" autoComplete="new-password" />
        <Button type="submit" colorPalette="blue" loading={register.isPending}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
